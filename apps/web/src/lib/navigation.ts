import { BASENAME, stripBasename } from './paths.ts';

/**
 * Navigation for code outside React (the API clients, logout). The router installs its own
 * functions at start-up; tests install spies. Paths are console paths (below /app).
 */
type Navigate = (to: string) => void;
type CurrentPath = () => string;

const defaultNavigate: Navigate = (to) => window.location.assign(`${BASENAME}${to}`);
const defaultCurrentPath: CurrentPath = () => stripBasename(window.location.pathname);

let navigateImpl = defaultNavigate;
let currentPathImpl = defaultCurrentPath;

export function setNavigator(navigate?: Navigate, currentPath?: CurrentPath) {
  navigateImpl = navigate ?? defaultNavigate;
  currentPathImpl = currentPath ?? defaultCurrentPath;
}

export const navigateTo = (to: string) => navigateImpl(to);
export const currentPath = () => currentPathImpl();
