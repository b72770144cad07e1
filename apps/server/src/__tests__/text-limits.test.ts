/**
 * One set of text limits from core for every write path (issue 46, a security probe's finding:
 * `PUT user/editUser` took 1,000,000-character names, phone, country and job title although
 * sign-up bounds them, and live streams took 900 KB Akamai tokens and ad exchange values).
 *
 * - every route that writes (the OpenAPI document's POST, PUT, PATCH and DELETE): each text of its
 *   body, query and path has a maximum length (core's walk of the schemas themselves, resources
 *   included, is packages/core/src/validation/__tests__/text-limits.test.ts);
 * - editUser: each of the five texts one character over its bound, and a million characters, is
 *   a 400 naming the field with the limit; nothing is written; the bound itself is saved;
 * - a live stream's akamaiToken and adExchangeValue, on create, replace and update, the same.
 */
import { LIMIT_TEXTS, LIVE_STREAM_DEFAULTS, RESOURCES, TEXT_LIMITS, userSchema } from '@cuepoint/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema/index.ts';
import { createAccount, type TestAccount } from '../test/account-fixtures.ts';
import { type TestApp, testApp } from '../test/helpers.ts';
import type { JsonSchema } from '../test/openapi-routes.ts';

type Schema = JsonSchema & {
  prefixItems?: JsonSchema[];
  $ref?: string;
};

/** Formats of a fixed length (their pattern bounds them). */
const FIXED_LENGTH_FORMATS = new Set(['uuid']);

/** The texts of a JSON schema without a maximum length, by dotted path. */
function unboundedTexts(schema: Schema | undefined, path: string): string[] {
  if (schema === undefined) return [];
  if (schema.$ref !== undefined) return [`${path} (${schema.$ref}: not followed)`];
  const found: string[] = [];
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    !(schema.format !== undefined && FIXED_LENGTH_FORMATS.has(schema.format))
  )
    found.push(path);
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    found.push(...unboundedTexts(child, `${path}.${key}`));
  if (typeof schema.additionalProperties === 'object')
    found.push(...unboundedTexts(schema.additionalProperties, `${path}.*`));
  found.push(...unboundedTexts(schema.items, `${path}[]`));
  for (const [i, item] of (schema.prefixItems ?? []).entries())
    found.push(...unboundedTexts(item, `${path}[${i}]`));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...unboundedTexts(option, path));
  return found;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

describe('text limits on every write path (issue 46)', () => {
  let app: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    owner = await createAccount(app);
  });
  afterAll(() => app.close());

  it('bounds every text of every write route’s body, query and path (the OpenAPI document)', async () => {
    const response = await app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<
        string,
        Partial<
          Record<
            (typeof WRITE_METHODS)[number],
            {
              parameters?: { name: string; in: string; schema?: Schema }[];
              requestBody?: { content?: Record<string, { schema?: Schema }> };
            }
          >
        >
      >;
    };
    const unbounded: string[] = [];
    let routes = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of WRITE_METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        routes += 1;
        const route = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? [])
          unbounded.push(...unboundedTexts(parameter.schema, `${route} ${parameter.in}:${parameter.name}`));
        for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {}))
          unbounded.push(...unboundedTexts(schema, `${route} body(${type})`));
      }
    }
    expect(routes).toBeGreaterThan(50);
    expect(unbounded).toEqual([]);
  });

  describe('PUT /api/user/editUser/:id', () => {
    const PROFILE = {
      firstName: 'Grace',
      lastName: 'Hopper',
      mobilePhone: '+1 555 0142',
      country: 'US',
      jobTitle: 'Head of Streaming',
    };
    const FIELDS = [
      ['firstName', TEXT_LIMITS.personName],
      ['lastName', TEXT_LIMITS.personName],
      ['mobilePhone', TEXT_LIMITS.phone],
      ['country', TEXT_LIMITS.country],
      ['jobTitle', TEXT_LIMITS.jobTitle],
    ] as const;
    const edit = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/user/editUser/${owner.userId}`,
        headers: owner.headers,
        payload,
      });
    const stored = async () => {
      const [row] = await app.db.select().from(users).where(eq(users.id, owner.userId));
      return row!;
    };
    const edits = async () => {
      const [row] = await app.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.edit'), eq(auditLog.target, owner.userId)));
      return row!.n;
    };

    beforeAll(async () => {
      expect((await edit(PROFILE)).statusCode).toBe(200);
    });

    it.each(FIELDS)('refuses %s over %i characters (and a million), naming the field', async (field, max) => {
      const before = { row: await stored(), edits: await edits() };
      for (const length of [max + 1, 1_000_000]) {
        const res = await edit({ ...PROFILE, [field]: 'x'.repeat(length) });
        expect(res.statusCode, `${field}: ${length}`).toBe(400);
        expect(res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: `${field}: ${LIMIT_TEXTS.tooLong(max)}`,
          requestId: expect.any(String),
          fields: [{ field, message: LIMIT_TEXTS.tooLong(max) }],
        });
      }
      expect(await stored()).toEqual(before.row);
      expect(await edits()).toBe(before.edits);
    });

    it.each(FIELDS)('saves %s of exactly %i characters', async (field, max) => {
      const res = await edit({ ...PROFILE, [field]: 'y'.repeat(max) });
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json())[field]).toBe('y'.repeat(max));
      expect((await stored())[field]).toBe('y'.repeat(max));
      expect((await edit(PROFILE)).statusCode).toBe(200);
    });
  });

  describe('a live stream’s akamaiToken and adExchangeValue', () => {
    const path = `/api${RESOURCES.liveStream.apiPath}`;
    const STREAM = {
      name: 'Probe stream',
      sourceStreamUrl: 'https://origin.example/live/probe/',
      bundles: LIVE_STREAM_DEFAULTS.bundles,
    };
    const FIELDS = ['akamaiToken', 'adExchangeValue'] as const;
    const MAX = TEXT_LIMITS.token;
    /** 900 KB, as the probe sent; even, so the token's own rule (even length) holds. */
    const HUGE = 'ab'.repeat(450_000);
    let id = '';
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({ method, url, headers: owner.headers, payload });
    const stored = async () => (await app.inject({ url: `${path}/${id}`, headers: owner.headers })).json();
    const total = async () =>
      (await app.inject({ url: path, headers: owner.headers })).json().total as number;
    const refusal = (field: string) => ({
      statusCode: 400,
      error: 'Bad Request',
      message: `${field}: ${LIMIT_TEXTS.tooLong(MAX)}`,
      requestId: expect.any(String),
      fields: [{ field, message: LIMIT_TEXTS.tooLong(MAX) }],
    });

    beforeAll(async () => {
      const res = await call('POST', path, STREAM);
      expect(res.statusCode).toBe(201);
      id = res.json()._id;
    });

    it.each(FIELDS)(
      'refuses %s over the limit on create, replace and update, writing nothing',
      async (field) => {
        const before = { total: await total(), stream: await stored() };
        for (const value of ['ab'.repeat(MAX / 2 + 1), HUGE]) {
          const created = await call('POST', path, { ...STREAM, name: 'Never stored', [field]: value });
          expect(created.statusCode).toBe(400);
          expect(created.json()).toEqual(refusal(field));
          const replaced = await call('PUT', `${path}/${id}`, {
            ...STREAM,
            [field]: value,
            version: before.stream.version,
          });
          expect(replaced.statusCode).toBe(400);
          expect(replaced.json()).toEqual(refusal(field));
          const updated = await call('POST', `${path}/${id}`, {
            [field]: value,
            version: before.stream.version,
          });
          expect(updated.statusCode).toBe(400);
          expect(updated.json()).toEqual(refusal(field));
        }
        expect(await total()).toBe(before.total);
        expect(await stored()).toEqual(before.stream);
      },
    );

    it.each(FIELDS)('saves %s at the limit', async (field) => {
      const { version } = await stored();
      const value = 'cd'.repeat(MAX / 2);
      const res = await call('POST', `${path}/${id}`, { [field]: value, version });
      expect(res.statusCode).toBe(200);
      expect(res.json()[field]).toBe(value);
    });
  });
});
