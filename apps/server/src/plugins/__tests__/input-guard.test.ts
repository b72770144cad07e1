/**
 * Text PostgreSQL cannot store (U+0000, lone UTF-16 surrogates) used to reach a query and answer
 * 500 (GET /api/ssai/ds?q=a%00b, GET /api/logo/login?host=a%00b, a VOD named "\ud800"). The input
 * guard refuses it on every route with the validation 400 naming the field, and the shared
 * schemas refuse it too. Also here: an unbounded number (VOD duration 1e300) is a 400.
 */
import { DURATION_SECONDS_MAX, errorResponseSchema, LIMIT_TEXTS } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countEvents,
  countRows,
  minimalPayload,
} from '../../routes/resources/__tests__/resource-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../test/helpers.ts';
import { multipartForm } from '../../test/multipart.ts';
import { findUnsafeText, INPUT_GUARD_MAX_DEPTH } from '../input-guard.ts';

const UNSAFE = LIMIT_TEXTS.unsafeText;

/** The answer is the validation 400 of errors.ts, naming exactly this field. */
function expectRefused(
  res: { statusCode: number; json: () => unknown },
  field: string,
  message: string = UNSAFE,
) {
  expect(res.statusCode).toBe(400);
  const body = errorResponseSchema.parse(res.json());
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', fields: [{ field, message }] });
  expect(body.message).toBe(`${field}: ${message}`);
  expect(body.requestId).toEqual(expect.any(String));
}

describe('input guard (U+0000 and lone surrogates) and bounded numbers', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await testApp();
    ({ headers } = await loginAs(app, 'customer'));
  });
  afterAll(() => app.close());

  const json = { 'content-type': 'application/json' };

  it('refuses a NUL in a list query: GET /api/ssai/ds?q=a%00b', async () => {
    const res = await app.inject({ url: '/api/ssai/ds?q=a%00b', headers });
    expectRefused(res, 'q');
  });

  it('refuses a NUL in the public login logo host: GET /api/logo/login?host=a%00b', async () => {
    const res = await app.inject({ url: '/api/logo/login?host=a%00b' });
    expectRefused(res, 'host');
  });

  it('refuses a NUL in a path parameter', async () => {
    for (const url of ['/api/user/getUser/a%00b', '/api/ssai/vod/a%00b']) {
      expectRefused(await app.inject({ url, headers }), 'id');
    }
  });

  it('refuses a lone surrogate in a VOD name, and writes nothing', async () => {
    const [rows, events] = [await countRows(app, 'vod'), await countEvents(app)];
    // Raw JSON text, so the escape reaches the server as written (JSON.stringify would keep it too,
    // but this is what a client sends on the wire).
    const payload = `{"name":"Bad \\ud800 name","sourceUrl":"https://origin.example/vod/x/master.m3u8","duration":60}`;
    expect(payload).toContain('\\ud800');
    const res = await app.inject({
      method: 'POST',
      url: '/api/ssai/vod',
      headers: { ...headers, ...json },
      payload,
    });
    expectRefused(res, 'name');
    expect(await countRows(app, 'vod')).toBe(rows);
    expect(await countEvents(app)).toBe(events);
  });

  it('names a nested field: a NUL in a bundle name is bundles.0.name', async () => {
    const payload = {
      ...minimalPayload('liveStream', 'Guarded stream'),
      bundles: [{ name: 'De\u0000fault', percentage: 100 }],
    };
    const res = await app.inject({ method: 'POST', url: '/api/ssai/ds', headers, payload });
    expectRefused(res, 'bundles.0.name');
  });

  it('checks object keys too, naming the key with the character replaced', async () => {
    const payload = {
      ...minimalPayload('liveStream', 'Guarded stream'),
      advancedConfig: { 'a\u0000b': 'x' },
    };
    const res = await app.inject({ method: 'POST', url: '/api/ssai/ds', headers, payload });
    expectRefused(res, 'advancedConfig.a\ufffdb');
  });

  it('refuses it even in a field no schema reads (the schema would drop it)', async () => {
    const payload = { ...minimalPayload('vod', 'Extra field'), notes: { draft: 'x\u0000' } };
    const res = await app.inject({ method: 'POST', url: '/api/ssai/vod', headers, payload });
    expectRefused(res, 'notes.draft');
  });

  it('refuses a body that is a single unsafe string, naming the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: json,
      payload: '"a\\u0000b"',
    });
    expectRefused(res, 'body');
  });

  it('refuses unsafe text in a multipart text field (the schema does it; files still upload)', async () => {
    const { userId } = await loginAs(app, 'customer');
    const me = await app.inject({ url: `/api/user/getUser/${userId}`, headers });
    const customerId = (me.json() as { customerId: { _id: string } }).customerId._id;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/customer/editCustomer/${customerId}`,
      headers,
      payload: multipartForm({ cdnDomain: 'cdn\u0000.example' }),
    });
    expectRefused(res, 'cdnDomain');
  });

  it('lets a normal request through: safe text, an emoji, no special headers', async () => {
    const list = await app.inject({ url: '/api/ssai/ds?q=sports%20%F0%9F%98%80', headers });
    expect(list.statusCode).toBe(200);
    const logo = await app.inject({ url: '/api/logo/login?host=console.example' });
    expect(logo.statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/ssai/vod',
      headers,
      payload: { ...minimalPayload('vod', 'Highlights 😀'), tags: ['ok'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Highlights 😀' });
  });

  it('refuses a VOD with duration 1e300, naming duration, and writes nothing', async () => {
    const [rows, events] = [await countRows(app, 'vod'), await countEvents(app)];
    const payload = `{"name":"Forever","sourceUrl":"https://origin.example/vod/forever/master.m3u8","duration":1e300}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/ssai/vod',
      headers: { ...headers, ...json },
      payload,
    });
    expectRefused(res, 'duration', LIMIT_TEXTS.atMost(DURATION_SECONDS_MAX));
    expect(await countRows(app, 'vod')).toBe(rows);
    expect(await countEvents(app)).toBe(events);
  });
});

describe('findUnsafeText', () => {
  it('answers the path of the first unsafe string or key, null when there is none', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(findUnsafeText({ a: 'ok', list: [1, true, null, 'fine 😀'] })).toBeNull();
    expect(findUnsafeText({ '\ud800': 1 })).toEqual(['\ufffd']);
    expect(findUnsafeText('\udc00')).toEqual([]);
  });

  it('skips values that are not plain data (a multipart file buffer) and stops at its depth bound', () => {
    expect(findUnsafeText({ file: Buffer.from('\u0000') })).toBeNull();
    // The router's params and the query parser's result are instances of an empty null-prototype class.
    function NullObject() {}
    NullObject.prototype = Object.create(null);
    const params = Object.assign(new (NullObject as unknown as new () => object)(), { id: 'a\u0000b' });
    expect(findUnsafeText(params)).toEqual(['id']);
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < INPUT_GUARD_MAX_DEPTH + 5; i++) deep = [deep];
    expect(findUnsafeText(deep)).toBeNull();
    let shallow: unknown = 'a\u0000';
    for (let i = 0; i < 5; i++) shallow = [shallow];
    expect(findUnsafeText(shallow)).toEqual(['0', '0', '0', '0', '0']);
  });
});
