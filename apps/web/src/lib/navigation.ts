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

let forcing = false;

/**
 * Goes to `to` whatever a page would say (the session ended, the user signed out): the
 * unsaved-changes guard lets these pass (`isForcedNavigation`).
 */
export const navigateTo = (to: string) => {
  forcing = true;
  try {
    navigateImpl(to);
  } finally {
    forcing = false;
  }
};

/** Whether the navigation under way is `navigateTo`'s (the router asks its blocker synchronously). */
export const isForcedNavigation = () => forcing;
export const currentPath = () => currentPathImpl();
