import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ROUTES, routeAction, SELF_SERVICE_ROUTES } from '../../../plugins/role-access.ts';
import { addUser, customerIdOf, signIn } from '../../../test/accounts.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';

/**
 * Every registered write route (the OpenAPI document: /api's routes, `{id}` as a parameter) is
 * swept with a viewer and an editor of the demo account, so a route added later cannot forget the
 * team roles: a viewer is refused every write but the self-service ones, an editor the owner's.
 * The role hook runs before anything of the request is read, so any parameter will do.
 */
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

interface Route {
  method: string;
  url: string;
  /** The route's pattern as the server registers it ('/api/ssai/ds/:id'). */
  pattern: string;
}

describe('team roles on every write route (the sweep)', () => {
  let app: TestApp;
  let viewer: Record<string, string>;
  let editor: Record<string, string>;
  let writes: Route[];

  beforeAll(async () => {
    app = await testApp({ env: { ENCODER: '1', PLAYOUT: '1' } });
    const demoId = await customerIdOf(app, 'demo-broadcasting');
    await addUser(app, { customerId: demoId, email: 'sweep.viewer@example.com', role: 'viewer' });
    await addUser(app, { customerId: demoId, email: 'sweep.editor@example.com', role: 'editor' });
    viewer = (await signIn(app, 'sweep.viewer@example.com')).headers;
    editor = (await signIn(app, 'sweep.editor@example.com')).headers;

    const document = (await app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const all = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, operations]) =>
        WRITE_METHODS.filter((method) => method in operations).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[A-Za-z]+\}/g, SOME_ID),
          pattern: path.replace(/\{([A-Za-z]+)\}/g, ':$1'),
        })),
      );
    // Only the signed-in routes: an anonymous call to them is a 401.
    writes = [];
    for (const route of all) {
      const anonymous = await app.inject({ method: route.method as 'POST', url: route.url });
      if (anonymous.statusCode === 401) writes.push(route);
    }
  });
  afterAll(() => app.close());

  it('finds the write routes (resources, uploads, the team, the account)', () => {
    const patterns = writes.map((w) => `${w.method} ${w.pattern}`);
    expect(writes.length).toBeGreaterThan(40);
    for (const expected of [
      'POST /api/ssai/ds',
      'DELETE /api/ssai/vod/:id',
      'POST /api/ssai/slate/upload',
      'POST /api/team/members',
      'PUT /api/customer/editCustomer/:id',
      'POST /api/auth/logout',
    ]) {
      expect(patterns).toContain(expected);
    }
    // The public ones are not swept.
    expect(patterns).not.toContain('POST /api/team/accept-invite');
    expect(patterns).not.toContain('POST /api/auth/login');
  });

  it('refuses a viewer every write but its own self-service ones', async () => {
    const missed: string[] = [];
    for (const route of writes) {
      if (SELF_SERVICE_ROUTES.has(route.pattern.replace(/^\/api/, ''))) continue;
      const res = await app.inject({ method: route.method as 'POST', url: route.url, headers: viewer });
      if (res.statusCode !== 403 || !res.json().roleRequired) missed.push(`${route.method} ${route.pattern}`);
    }
    expect(missed).toEqual([]);
  });

  it('refuses an editor exactly the owner’s routes', async () => {
    const wrong: string[] = [];
    for (const route of writes) {
      const path = route.pattern.replace(/^\/api/, '');
      // Logging out would end the session the sweep goes on with.
      if (SELF_SERVICE_ROUTES.has(path)) continue;
      const res = await app.inject({ method: route.method as 'POST', url: route.url, headers: editor });
      const refusedByRole = res.statusCode === 403 && res.json().roleRequired === 'owner';
      if (refusedByRole !== OWNER_ROUTES.has(`${route.method} ${path}`))
        wrong.push(`${route.method} ${path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names only owner routes that exist (no stale entry in the list)', () => {
    const registered = new Set(writes.map((w) => `${w.method} ${w.pattern.replace(/^\/api/, '')}`));
    for (const entry of OWNER_ROUTES) expect(registered, entry).toContain(entry);
    expect(routeAction('POST', '/api_v1/team/members')).toBe('manage');
    expect(routeAction('GET', '/api/team/members')).toBe('read');
  });

  it('applies the same rule under /api_v1', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api_v1/team/members',
      headers: editor,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().roleRequired).toBe('owner');
    const viewerWrite = await app.inject({
      method: 'DELETE',
      url: `/api_v1/ssai/ds/${SOME_ID}`,
      headers: viewer,
    });
    expect(viewerWrite.json().roleRequired).toBe('editor');
  });
});
