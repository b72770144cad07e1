import Fastify, { type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll } from 'vitest';
import { errorHandling } from '../../../plugins/errors.ts';
import { demoPlugin } from '../index.ts';

export const PUBLIC_URL = 'http://demo.test';
export const BASE = `${PUBLIC_URL}/demo`;

/** A clock the test moves by hand (ms since the epoch). */
export function manualClock(startMs: number) {
  let now = startMs;
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * A bare server with just what the demo needs from the real app (the zod compilers and the one
 * error handler): no database, so these tests run in milliseconds. The registration in app.ts
 * itself is covered by registration.test.ts.
 */
export async function demoApp(options: { now?: () => number; mediaDir?: string; publicUrl?: string } = {}) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandling);
  // A trailing slash, as PUBLIC_URL may have: the plugin must not double it.
  await app.register(demoPlugin, { publicUrl: `${PUBLIC_URL}/`, ...options });
  await app.ready();
  return app;
}

/**
 * The demo app of a test file: built before its tests (demoApp), closed after them. Its `inject`
 * is the app's, for the tests to call once it is built.
 */
export function useDemoApp(options: Parameters<typeof demoApp>[0] = {}) {
  let app: Awaited<ReturnType<typeof demoApp>> | undefined;
  beforeAll(async () => {
    app = await demoApp(options);
  });
  afterAll(() => app?.close());
  return {
    inject: (request: InjectOptions | string) => {
      if (!app) throw new Error('the demo app is built in beforeAll: inject from a test');
      return app.inject(request);
    },
  };
}

/** The path of an absolute demo URL, for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
