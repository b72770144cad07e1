import { matchPath } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { SCREENS } from '../screens.ts';

/** One crumb of the breadcrumb bar: a link when a screen answers its path, else plain text. */
export interface Crumb {
  /** The path prefix this crumb stands for (unique within one breadcrumb). */
  path: string;
  label: string;
  /** Set when a screen answers the prefix. */
  to?: string;
}

const titleCase = (segment: string) =>
  segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The breadcrumb of the matched routes (spec section 2): Home, then one crumb per path prefix.
 * A prefix that is a screen shows its title (a parameter, such as a stream id, shows its value);
 * a prefix without a screen of its own (/documentation) shows its name without a link.
 */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ path: '', label: 'Home', to: PATHS.overview }];
  segments.forEach((segment, index) => {
    const prefix = `/${segments.slice(0, index + 1).join('/')}`;
    const screen = SCREENS.find((s) => matchPath({ path: s.path, end: true }, prefix));
    if (!screen) {
      crumbs.push({ path: prefix, label: titleCase(decode(segment)) });
      return;
    }
    const isParam = screen.path.split('/').at(-1)!.startsWith(':');
    crumbs.push({ path: prefix, label: isParam ? decode(segment) : screen.title, to: prefix });
  });
  return crumbs;
}

/** The title of the screen at this path (for the document title), or undefined. */
export const screenTitle = (pathname: string): string | undefined =>
  SCREENS.find((s) => matchPath({ path: s.path, end: true }, pathname))?.title;
