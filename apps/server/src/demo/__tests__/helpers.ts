import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorHandling } from '../../plugins/errors.ts';
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

/** The path of an absolute demo URL, for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
