/**
 * The OpenAPI document marks the operations only a main administrator may call (the console's
 * Admin API Documentation lists them), from the routes' own navigation guards: the marker and the
 * server's answers agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type TestApp, testApp } from '../../test/helpers.ts';
import { MAIN_ADMIN_ONLY_EXTENSION } from '../external.ts';

interface Operation {
  [MAIN_ADMIN_ONLY_EXTENSION]?: boolean;
  parameters?: { in: string }[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const operations = (document: OpenApi) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      operation,
    })),
  );

const marked = (document: OpenApi) =>
  operations(document)
    .filter(({ operation }) => operation[MAIN_ADMIN_ONLY_EXTENSION] === true)
    .map(({ key }) => key);

describe('OpenAPI: main-administrator-only operations', () => {
  let app: TestApp;
  let document: OpenApi;
  beforeAll(async () => {
    app = await testApp();
    document = (await app.inject('/api/docs/json')).json() as OpenApi;
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks the operations behind an administrator’s sidebar entry, and no other', () => {
    const adminOnly = marked(document);
    expect(adminOnly).toEqual(
      expect.arrayContaining([
        'GET /api/alarm/alarms',
        'POST /api/alarm/rules',
        'GET /api/customer/pending',
        'POST /api/customer/approve/{id}',
        'GET /api/demand/insights',
        'GET /api/schedule/events',
        'DELETE /api/schedule/events/{id}',
        'GET /api/user/search',
        'GET /api/monitoring/channels',
        'POST /api/playout/channels/{id}/start',
      ]),
    );
    for (const open of [
      'GET /api/health',
      'POST /api/auth/login',
      'GET /api/user/getUser/{id}',
      'GET /api/ssai/ds',
      'POST /api/ssai/creative/upload',
      'GET /api/demand/inventory',
      // A main administrator, or the API token of the stream's customer.
      'POST /api/schedule/events/{id}/trigger',
    ])
      expect(adminOnly, open).not.toContain(open);
    // The extension sits on the operation only where it is true.
    for (const { key, operation } of operations(document))
      expect(operation[MAIN_ADMIN_ONLY_EXTENSION] ?? true, key).toBe(true);
  });

  it('agrees with the server: a customer is refused every marked call, an administrator is not', async () => {
    const customer = await loginAs(app, 'customer');
    const admin = await loginAs(app, 'admin');
    const reads = operations(document).filter(
      ({ method, operation }) =>
        method === 'get' &&
        operation[MAIN_ADMIN_ONLY_EXTENSION] &&
        !(operation.parameters ?? []).some((p) => p.in === 'path'),
    );
    expect(reads.length).toBeGreaterThan(3);
    for (const { path, key } of reads) {
      const asCustomer = await app.inject({ url: path, headers: customer.headers });
      expect(asCustomer.statusCode, key).toBe(403);
      const asAdmin = await app.inject({ url: path, headers: admin.headers });
      expect(asAdmin.statusCode, key).not.toBe(403);
    }
    const inventory = await app.inject({ url: '/api/demand/inventory', headers: customer.headers });
    expect(inventory.statusCode).toBe(200);
  });
});

describe('OpenAPI: an area the runtime flags switch off', () => {
  it('is no administrator’s operation: nobody may call it', async () => {
    const app = await testApp({ env: { MONITOR: '0' } });
    try {
      const document = (await app.inject('/api/docs/json')).json() as OpenApi;
      const adminOnly = marked(document);
      expect(adminOnly).not.toContain('GET /api/monitoring/channels');
      expect(adminOnly).toContain('GET /api/alarm/alarms');
    } finally {
      await app.close();
    }
  });
});
