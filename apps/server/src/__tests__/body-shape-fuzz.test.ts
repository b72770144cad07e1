/**
 * Every JSON and multipart write route fuzzed with hostile request shapes (issue 38: a multipart
 * Content-Type without a boundary answered 500). The routes come from the OpenAPI document's walk
 * (test/openapi-routes.ts, as the text-limits and fuzz sweeps use it); each gets bodies of every
 * kind whatever it consumes: JSON of the wrong type, huge strings, deep nesting, prototype keys
 * (`__proto__`, `constructor.prototype`), multipart without a boundary, with a boundary too long,
 * truncated, with prototype field names and huge fields, and content types it does not take.
 *
 * Properties, per call: never a 5xx; a 4xx is JSON with a message; and Object.prototype is never
 * polluted. Seeded (SEED) and bounded (RUNS per route), so a run is repeatable and short; the
 * schema-shaped fuzz of bodies and queries is fuzz.test.ts.
 */

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_MESSAGES } from '../lib/multipart-problems.ts';
import { createAccount } from '../test/account-fixtures.ts';
import { type TestApp, testApp } from '../test/helpers.ts';
import { type OpenApiRoute, openApiRoutes, pathParamNames } from '../test/openapi-routes.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 38_038);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes that read multipart bodies (the uploads document no body, so the walk cannot tell). */
const MULTIPART_ROUTES = [
  'PUT /customer/editCustomer/{id}',
  'POST /ssai/slate/upload',
  'POST /ssai/creative/upload',
];

/**
 * Routes whose success ends the caller's session or account (then every later call would be a
 * 401, refused before its body is read): after one answers 2xx, the callers are made anew.
 */
const SESSION_ENDING = new Set(['POST /auth/logout', 'POST /auth/deactivateAccount']);

/** A JSON text nested `depth` levels deep: arrays, objects, or both. */
const nested = (depth: number, kind: 'array' | 'object' | 'mixed'): string => {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const asArray = kind === 'array' || (kind === 'mixed' && i % 2 === 0);
    open += asArray ? '[' : '{"a":';
    close = (asArray ? ']' : '}') + close;
  }
  return `${open}1${close}`;
};

const PROTOTYPE_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"x","__proto__":{"isMainAdmin":true,"polluted":true}}',
  '[{"__proto__":{"polluted":true}}]',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
];

/** JSON texts of every wrong shape. */
const jsonText = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    'true',
    '0',
    '-1e309',
    '"a string"',
    '[]',
    '{}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '\u0000',
    '\ufeff{}',
    `"${'x'.repeat(200_000)}"`,
    `{"name":"${'x'.repeat(200_000)}"}`,
    `[${'1,'.repeat(50_000)}1]`,
    nested(5_000, 'array'),
    nested(5_000, 'object'),
    nested(200, 'mixed'),
    ...PROTOTYPE_BODIES,
  ),
  fc.json({ depthSize: 'large', maxDepth: 6 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const BOUNDARY = 'fuzzboundary38';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
    filename === undefined ? '' : `; filename="${filename}"`
  }\r\n${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${value}\r\n`;
const closing = `--${BOUNDARY}--\r\n`;

/** [content-type, body] pairs of multipart junk. */
const multipartRequest: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.constantFrom<[string, string]>(
    ['multipart/form-data;', 'junk'],
    ['multipart/form-data', ''],
    ['multipart/form-data; boundary=', 'junk'],
    ['multipart/form-data; boundary="', 'junk'],
    [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}--\r\n`],
    [`multipart/form-data; boundary=${BOUNDARY}`, part('name', 'cut short')],
    [`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data`],
    [`multipart/form-data; boundary=${BOUNDARY}`, closing],
    [`multipart/form-data; boundary=${BOUNDARY}`, part('__proto__', 'x') + closing],
    [
      `multipart/form-data; boundary=${BOUNDARY}`,
      part('constructor', 'x') + part('prototype', 'y') + closing,
    ],
    [`multipart/form-data; boundary=${BOUNDARY}`, part('__proto__', 'x', 'a.png') + closing],
    [`multipart/form-data; boundary=${BOUNDARY}`, part('name', 'x'.repeat(2_000_000)) + closing],
    [`multipart/form-data; boundary=${BOUNDARY}`, part('file', '\u0000\u0001', '../../etc/passwd') + closing],
    [`multipart/form-data; boundary=${BOUNDARY}`, part('', 'nameless') + closing],
    [`multipart/form-data; boundary=${BOUNDARY}`, 'no parts at all'],
    [`multipart/mixed; boundary=${BOUNDARY}`, closing],
  ),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom('name', 'file', 'logo', '__proto__', 'version', 'a.b', 'x[0]'), fc.string()),
        fc.string({ maxLength: 200 }),
        fc.option(fc.string({ maxLength: 20 })),
      ),
      { maxLength: 30 },
    )
    .map(([...parts]): [string, string] => [
      `multipart/form-data; boundary=${BOUNDARY}`,
      parts
        .map(([name, value, filename]) =>
          part(name.replace(/["\r\n]/g, ''), value, filename?.replace(/["\r\n]/g, '')),
        )
        .join('') + closing,
    ]),
);

/** Content types a route takes, does not take, or cannot read. */
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/merge-patch+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  '*/*',
  ';;;',
  'multipart/form-data',
  '',
);

/** A request: its content type (undefined: none sent) and its body. */
const hostileRequest: fc.Arbitrary<[string | undefined, string]> = fc.oneof(
  { arbitrary: fc.tuple(fc.constant('application/json'), jsonText), weight: 4 },
  { arbitrary: fc.tuple(contentType, jsonText), weight: 2 },
  { arbitrary: fc.tuple(fc.constant(undefined), jsonText), weight: 1 },
  { arbitrary: multipartRequest, weight: 3 },
);

describe('fuzzing every JSON and multipart write route with hostile request shapes (issue 38)', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  let owner: Record<string, string>;
  let customerId: string;
  let routes: OpenApiRoute[];
  let calls = 0;
  const statuses = new Map<number, number>();
  /** The routes that refused some body with a 400: the fuzz reaches their parsers and schemas. */
  const refusedBadBody = new Set<string>();

  /** Callers of their own (a main administrator, a customer's owner), made straight in the database. */
  const newCallers = async () => {
    admin = (await createAccount(app, { isMainAdmin: true })).headers;
    const account = await createAccount(app);
    owner = account.headers;
    customerId = account.customer.id;
  };

  beforeAll(async () => {
    app = await testApp();
    await newCallers();
    // Every write route, not only those the document gives a body: a body is parsed whatever the
    // route's schema, and the uploads (multipart read in the handler) document none.
    routes = (await openApiRoutes(app)).filter((r) => WRITE_METHODS.has(r.method));
  });

  afterAll(async () => {
    console.log(`body-shape fuzz: answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`body-shape fuzz: ${calls} calls over ${routes?.length ?? 0} routes (seed ${SEED})`);
    await app?.close();
  });

  it('walks every write route, the JSON and the multipart ones among them', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((r) => r.jsonBody !== undefined).length).toBeGreaterThan(50);
    const keys = routes.map((r) => r.key);
    for (const upload of MULTIPART_ROUTES) expect(keys).toContain(upload);
    expect(routes.filter((r) => r.multipart).map((r) => r.key)).toEqual(['PUT /customer/editCustomer/{id}']);
  });

  it.each(MULTIPART_ROUTES)(
    '%s answers a multipart Content-Type without a boundary with a 400 naming it',
    async (key) => {
      const route = routes.find((r) => r.key === key)!;
      for (const type of ['multipart/form-data;', 'multipart/form-data']) {
        let path = route.path;
        for (const name of pathParamNames(route.path)) path = path.replace(`{${name}}`, customerId);
        const res = await app.inject({
          method: route.method as 'PUT',
          url: `/api${path}`,
          headers: { ...owner, 'content-type': type },
          payload: 'junk',
        });
        calls++;
        expect(res.statusCode, `${route.key}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: `body: ${MULTIPART_MESSAGES.noBoundary}`,
          fields: [{ field: 'body', message: MULTIPART_MESSAGES.noBoundary }],
          requestId: expect.any(String),
        });
      }
    },
  );

  it('never answers 5xx, answers every 4xx with a JSON message, and pollutes no prototype', {
    timeout: 55_000,
  }, async () => {
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      // A seed per route (from SEED), so the routes do not all get the same few requests.
      const seed = SEED + index;
      let path = route.path;
      for (const name of pathParamNames(route.path)) path = path.replace(`{${name}}`, randomUUID());
      // The administrator, unless refused before the body is read (then the customer's owner).
      const probe = await app.inject({ method: route.method as 'POST', url: `/api${path}`, headers: admin });
      calls++;
      const asOwner = probe.statusCode === 401 || probe.statusCode === 403;
      if (probe.statusCode < 400 && SESSION_ENDING.has(route.key)) await newCallers();
      const property = fc.asyncProperty(hostileRequest, async ([type, body]) => {
        calls++;
        const res = await app.inject({
          method: route.method as 'POST',
          url: `/api${path}`,
          headers: { ...(asOwner ? owner : admin), ...(type === undefined ? {} : { 'content-type': type }) },
          payload: body,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 400) refusedBadBody.add(route.key);
        if (res.statusCode >= 500) throw new Error(`${res.statusCode}: ${res.body.slice(0, 300)}`);
        if (res.statusCode >= 400) {
          const json = res.headers['content-type']?.toString().includes('application/json')
            ? (res.json() as { message?: unknown })
            : undefined;
          if (typeof json?.message !== 'string' || json.message === '')
            throw new Error(`${res.statusCode} without a JSON message: ${res.body.slice(0, 300)}`);
        }
        if ('polluted' in Object.prototype || 'isMainAdmin' in Object.prototype)
          throw new Error('Object.prototype was polluted');
        if (res.statusCode < 400) {
          await app.settled();
          if (SESSION_ENDING.has(route.key)) await newCallers();
        }
      });
      try {
        await fc.assert(property, {
          numRuns: RUNS,
          seed,
          endOnFailure: true,
          includeErrorInReport: true,
        });
      } catch (error) {
        failures.push(`${route.key} (seed ${seed}): ${(error as Error).message.slice(0, 900)}`);
      }
    }
    expect(failures).toEqual([]);
    // No test that cannot fail: the bodies get past the hooks to the parsers and schemas.
    const jsonRoutes = routes.filter((r) => r.jsonBody !== undefined);
    expect(jsonRoutes.filter((r) => refusedBadBody.has(r.key)).length).toBeGreaterThan(
      jsonRoutes.length * 0.9,
    );
    for (const key of MULTIPART_ROUTES) expect(refusedBadBody).toContain(key);
  });
});
