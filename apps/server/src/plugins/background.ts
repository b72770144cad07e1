import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work after the answer is sent (a mail whose lookup must not show in the response time,
     * say). Failures are logged, never thrown; shutdown waits for what is still running.
     */
    afterReply: (label: string, task: () => Promise<unknown>) => void;
    /** Resolves once no after-reply work is running (tests, shutdown). */
    settled: () => Promise<void>;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<unknown>>();

  app.decorate('afterReply', (label: string, task: () => Promise<unknown>) => {
    // Two turns: answers are written in a batch at the end of the turn that made them
    // (lib/write-batching.ts), so the work starts once its request's answer is out.
    const run = new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))
      .then(task)
      .catch((err) => app.log.error({ err, task: label }, 'after-reply work failed'))
      .finally(() => running.delete(run));
    running.add(run);
  });

  app.decorate('settled', async () => {
    while (running.size > 0) await Promise.all([...running]);
  });

  // preClose runs while the database is still open.
  app.addHook('preClose', async () => {
    await app.settled();
  });
});
