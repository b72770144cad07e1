import { allApiPaths } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.ts';

/** OpenAPI writes `:id` as `{id}`; the table writes it as the server registers it. */
const asOpenApi = (path: string) => `/api/${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

describe('API paths declared once (core API_PATHS)', () => {
  it('the routes under /api are exactly the declared paths, each registered', async () => {
    const app = await testApp();
    try {
      const document = (await app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
      const registered = Object.keys(document.paths)
        .filter((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
        .sort();
      const declared = [...new Set(allApiPaths().map(asOpenApi))].sort();
      expect(registered).toEqual(declared);
    } finally {
      await app.close();
    }
  });

  it('every declared path answers on /api and /api_v1 (none is a 404 of the router)', async () => {
    const app = await testApp();
    try {
      for (const path of allApiPaths()) {
        const url = path.replace(/:([A-Za-z]+)/g, 'x');
        for (const base of ['/api/', '/api_v1/']) {
          const methods = ['GET', 'POST', 'PUT'] as const;
          const answers = await Promise.all(methods.map((method) => app.inject({ method, url: base + url })));
          // A route that exists answers something other than the router's own "No route for …"
          // for at least one method (401 without a session, 400 for a bad body, 200 …).
          const found = answers.some((res) => !(res.statusCode === 404 && /No route for/.test(res.body)));
          expect(found, `${base}${url}`).toBe(true);
        }
      }
    } finally {
      await app.close();
    }
  });
});
