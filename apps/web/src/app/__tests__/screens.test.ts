import { entryPath, OVERVIEW_PATH } from '@cuepoint/core';
import type { RouteObject } from 'react-router';
import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SESSION_ROUTE_ID } from '../../lib/session.ts';
import { routes } from '../router.tsx';
import { SCREENS, screenAt } from '../screens.ts';
import { sessionRoutes } from '../session-routes.ts';

/** The whole route tree, with the signed-in screens the router discovers under the session route. */
const withSession = (tree: RouteObject[]): RouteObject[] =>
  tree.map((route) =>
    route.id === SESSION_ROUTE_ID
      ? ({ ...route, children: sessionRoutes } as RouteObject)
      : route.children
        ? ({ ...route, children: withSession(route.children) } as RouteObject)
        : route,
  );
const fullRoutes = withSession(routes);

const segments = (path: string) => path.split('/').filter(Boolean);
const parentOf = (path: string) => segments(path).slice(0, -1).join('/');
const isParam = (path: string) => segments(path).at(-1)!.startsWith(':');
/** A URL this screen answers: each parameter replaced by a sample value. */
const sampleUrl = (path: string) => path.replace(/:[^/]+/g, 'sample-7');

describe('SCREENS', () => {
  it('has no duplicate paths', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('lists, within each parent, every static path before a parameterised sibling', () => {
    const misplaced: string[] = [];
    SCREENS.forEach((param, j) => {
      if (!isParam(param.path)) return;
      SCREENS.forEach((other, i) => {
        if (i > j && !isParam(other.path) && parentOf(other.path) === parentOf(param.path)) {
          misplaced.push(`${other.path} after ${param.path}`);
        }
      });
    });
    expect(misplaced).toEqual([]);
  });

  it('finds, as its first match, the screen the router matches (so breadcrumbs agree with the router)', () => {
    for (const screen of SCREENS) {
      const url = sampleUrl(screen.path);
      const routed = matchRoutes(fullRoutes, url)?.at(-1)?.route.path;
      const first = SCREENS.find((s) => matchPath({ path: s.path, end: true }, url));
      expect(routed, url).toBe(screen.path);
      expect(first?.path, url).toBe(screen.path);
    }
  });

  it('gives every signed-in route its screen title, and keeps them out of the first page load', () => {
    const untitled = sessionRoutes.filter(
      (route) => !(route.handle as { title?: string } | undefined)?.title,
    );
    expect(untitled.map((route) => route.path)).toEqual([]);
    const session = routes[0]!.children!.find((route) => route.id === SESSION_ROUTE_ID);
    expect(session?.children).toEqual([]);
  });

  it('names, for each screen, a route module that exports its Component', async () => {
    const modules = new Map(sessionRoutes.map((route) => [route.lazy, route.path]));
    for (const [lazy, path] of modules) {
      const module = await (lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof module.Component, path).toBe('function');
    }
    expect(modules.size).toBe(new Set(SCREENS.map((s) => s.module)).size);
    expect(SCREENS.map((s) => s.path)).toContain(OVERVIEW_PATH);
  });

  it('finds the screen a console path shows, with or without a query, and none for other paths', () => {
    for (const screen of SCREENS) {
      const url = sampleUrl(screen.path);
      // A first match is the router's match: the screen itself, or a static one before it.
      const found = screenAt(`${url}?tab=1`);
      expect(found && matchPath(found.path, url), url).toBeTruthy();
    }
    expect(screenAt(entryPath('reports'))?.id).toBe('reports');
    expect(screenAt('/billing-history/billingChart')?.id).toBe('billingChart');
    expect(screenAt('/login')).toBeUndefined();
    expect(screenAt('/no-such-screen')).toBeUndefined();
  });

  it("takes a sidebar target's path from its navigation entry", () => {
    for (const screen of SCREENS) {
      if (screen.sidebar) expect(screen.path, screen.id).toBe(entryPath(screen.sidebar));
    }
  });
});
