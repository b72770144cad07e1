import { type ResourceKind, UUID_PATTERN } from '@cuepoint/core';
import { matchPath } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { SCREENS, type Screen } from '../screens.ts';

/** Who looks: a main administrator (the default) or any other user (`customerTitle`). */
export interface Viewer {
  mainAdmin: boolean;
}

const ADMIN: Viewer = { mainAdmin: true };

const titleFor = (screen: Screen, viewer: Viewer) =>
  (!viewer.mainAdmin && screen.customerTitle) || screen.title;

/** One crumb of the breadcrumb bar: a link when a screen answers its path, else plain text. */
export interface Crumb {
  /** The path prefix this crumb stands for (unique within one breadcrumb). */
  path: string;
  label: string;
  /** Set when a screen answers the prefix. */
  to?: string;
  /**
   * The record a record's screen shows (/streams-live/{id}): the bar shows its name once a page
   * has loaded it, `label` (the screen's title) until then.
   */
  record?: { kind: ResourceKind; id: string };
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
 * A prefix that is a screen shows its title; a parameter shows its value, but a record's id
 * stands for the record (its name, see `record`); a prefix without a screen of its own
 * (/documentation) shows its name without a link.
 */
export function breadcrumbs(pathname: string, viewer: Viewer = ADMIN): Crumb[] {
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
    const value = decode(segment);
    if (isParam && screen.record && UUID_PATTERN.test(value)) {
      crumbs.push({
        path: prefix,
        label: screen.title,
        to: prefix,
        record: { kind: screen.record, id: value },
      });
      return;
    }
    crumbs.push({ path: prefix, label: isParam ? value : titleFor(screen, viewer), to: prefix });
  });
  return crumbs;
}

/** The title of the screen at this path (for the document title), or undefined. */
export const screenTitle = (pathname: string, viewer: Viewer = ADMIN): string | undefined => {
  const screen = SCREENS.find((s) => matchPath({ path: s.path, end: true }, pathname));
  return screen && titleFor(screen, viewer);
};
