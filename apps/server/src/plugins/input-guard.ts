import { hasUnsafeText, LIMIT_TEXTS } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldProblem } from '../lib/request-problem.ts';

/**
 * How deep the walk looks into a payload. Every payload the API takes is a few levels deep
 * (bundles.0.name); the bound keeps a pathological nesting from costing a deep recursion. Deeper
 * values are left to the route's schema, which refuses unsafe text in its own string fields.
 */
export const INPUT_GUARD_MAX_DEPTH = 32;

/**
 * Data as JSON.parse, the query-string parser and the router build it: `{}`, a null-prototype
 * object, or an instance of an empty null-prototype class (find-my-way's params and
 * fast-querystring's query are such "null objects"). A Buffer, stream or any other class
 * instance has behaviour on its prototype chain and is not walked.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto: object | null = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return true;
  return Object.getPrototypeOf(proto) === null && Reflect.ownKeys(proto).length === 0;
};

/** A key as it can be shown in a field name: U+0000 and lone surrogates become U+FFFD. */
const printable = (key: string): string =>
  Array.from(key, (ch) =>
    ch === '\u0000' || (ch.length === 1 && ch >= '\ud800' && ch <= '\udfff') ? '\ufffd' : ch,
  ).join('');

/**
 * The path to the first string (or object key) holding U+0000 or a lone UTF-16 surrogate, or
 * null when there is none. Only strings, arrays and plain objects are walked: a Buffer or stream
 * (a multipart file) is not text and is skipped.
 */
export function findUnsafeText(value: unknown): string[] | null {
  return unsafePathReversed(value, 0)?.reverse() ?? null;
}

/**
 * findUnsafeText's walk, leaf first: a clean payload, every request's case, allocates nothing
 * (no path is built on the way down; each level adds its key only to a path found below it).
 */
function unsafePathReversed(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return hasUnsafeText(value) ? [] : null;
  if (depth >= INPUT_GUARD_MAX_DEPTH || typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafePathReversed(value[i], depth + 1);
      if (found) return pushed(found, String(i));
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  for (const key of Object.keys(value)) {
    if (hasUnsafeText(key)) return [printable(key)];
    const found = unsafePathReversed(value[key], depth + 1);
    if (found) return pushed(found, key);
  }
  return null;
}

const pushed = (path: string[], key: string) => {
  path.push(key);
  return path;
};

/** The 400 naming the first unsafe field of one part of the request, or undefined. */
function refusal(context: 'querystring' | 'params' | 'body', value: unknown) {
  const path = findUnsafeText(value);
  return path === null ? undefined : fieldProblem(path.join('.') || context, LIMIT_TEXTS.unsafeText);
}

/**
 * Backstop for text PostgreSQL cannot store: U+0000 and lone UTF-16 surrogates make a query fail
 * (a 500), wherever they sit. The shared schemas of packages/core refuse them in their string
 * fields; this hook refuses them in any route's query, params and body before validation, so no
 * route can pass one to the database by construction. The answer is the validation 400, naming
 * the dotted field ('q', 'bundles.0.name'; 'body' for a body that is one string).
 *
 * A multipart body is attached by @fastify/multipart in its own, later preValidation hook, so its
 * text fields are left to the route's schema (which refuses them the same way); files are never
 * looked at.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    // Callback-style: it runs on every request and never waits.
    app.addHook('preValidation', (request, _reply, done) => {
      done(
        refusal('querystring', request.query) ??
          refusal('params', request.params) ??
          refusal('body', request.body),
      );
    });
  },
  { name: 'input-guard' },
);
