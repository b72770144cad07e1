import fc from 'fast-check';
import type { JsonSchema } from './openapi-routes.ts';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (the fuzz sweep,
 * __tests__/fuzz.test.ts): values that are mostly shaped like the schema, each part now and then
 * replaced by a hostile one (a wrong type, null, a huge or odd string, a huge or negative
 * number), objects missing required fields or carrying extra ones.
 */

const HUGE = 'x'.repeat(100_000);

/** Strings a server meets in the wild: empty, spaces, unicode, control and markup, NUL, a lone surrogate. */
export const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   padded   ',
    HUGE,
    'ÿ\u00e9\u4e2d\u6587\u{1f600}\u202e',
    '\u0000',
    'a\ud800b',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '%00%zz',
    '../../etc/passwd',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '00000000-0000-0000-0000-000000000000',
    '2026-02-30T25:61:00Z',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
);

/** Numbers at the edges: negative, zero, fractions, huge, the largest safe integers. */
export const oddNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0.000001,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    2 ** 31,
    2 ** 53 + 2,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value of the wrong kind. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  oddNumber,
  oddString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A value shaped like the schema (its parts may still be hostile, through `fromSchema`). */
function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, depth)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) }),
        oddString,
      );
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 100_000, 2 ** 31) }),
        oddNumber,
      );
    case 'number':
      return oddNumber;
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, depth + 1) : fc.jsonValue(), {
        maxLength: depth > 2 ? 2 : 5,
      });
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) record[name] = fromSchema(sub, depth + 1);
  const names = Object.keys(record);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: names.filter((n) => required.has(n)) }),
      // Sometimes a required field goes missing, sometimes an unknown one comes along.
      fc.option(fc.constantFrom(...(required.size ? [...required] : ['-'])), { freq: 4 }),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), wrongValue), { freq: 4 }),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(value as object) };
      if (drop !== null) delete out[drop];
      if (extra !== null) out[extra[0]] = extra[1];
      return out;
    });
}

const LETTERS = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -');

/**
 * A value the schema accepts, as far as a JSON schema tells (enums, formats, patterns, lengths,
 * bounds, required fields and no others): the inputs that reach a route's handler.
 */
export function validFrom(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validFrom(v, depth)));
  if (schema.allOf?.length) return validFrom(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  if (schema.default !== undefined && depth > 3) return fc.constant(schema.default);
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'date-time')
        return fc
          .date({
            min: new Date('2001-01-01T00:00:00Z'),
            max: new Date('2099-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc
          .stringMatching(pattern)
          .filter((v) => v.length >= minLength && v.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
      }
      return fc.string({ unit: LETTERS, minLength, maxLength });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? 0, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000_000),
      });
    case 'number':
      return fc.integer({
        min: Math.ceil(Math.max(schema.minimum ?? 0, -1_000_000)),
        max: Math.floor(Math.min(schema.maximum ?? 1000, 1_000_000_000)),
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items && depth < 4 ? validFrom(schema.items, depth + 1) : fc.constant(null), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) record[name] = validFrom(sub, depth + 1);
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

/** A body for a route: valid, valid with hostile parts, or any JSON at all. */
export function bodyFrom(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validFrom(schema) },
    { weight: 4, arbitrary: fromSchema(schema) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}

/** A value from the schema, now and then a hostile one in its place (or null where allowed or not). */
export function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  return fc.oneof(
    { weight: 5, arbitrary: shaped(schema, depth) },
    { weight: 1, arbitrary: wrongValue },
    ...(schema.nullable ? [{ weight: 1, arbitrary: fc.constant(null) }] : []),
  );
}

/** A query parameter's value, as the text of a query string (or left out: undefined). */
export function queryValueFrom(
  schema: JsonSchema | undefined,
  required: boolean,
  valid: boolean,
): fc.Arbitrary<string | undefined> {
  const text = (valid ? validFrom(schema ?? {}) : fromSchema(schema ?? {})).map((v) =>
    typeof v === 'string' ? v : v === null || typeof v !== 'object' ? String(v) : JSON.stringify(v),
  );
  if (valid) return required ? text : fc.option(text, { nil: undefined, freq: 2 });
  return required
    ? fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constant(undefined) })
    : fc.option(text, { nil: undefined, freq: 2 });
}
