import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** An absolute console URL for a mailed link: `consoleLink('/user-activate', { email, token })`. */
    consoleLink: (path: string, query: Record<string, string>) => string;
  }
}

export const mailPlugin = fp(async (app: FastifyInstance, opts: { env: Env }) => {
  const { env } = opts;
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: resolve(env.DATA_DIR, 'outbox'),
      log: app.log,
    }),
  );
  const origin = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  app.decorate('consoleLink', (path: string, query: Record<string, string>) => {
    const url = new URL(`${origin}/app${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  });
});
