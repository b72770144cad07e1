// The reference points of the benchmark, run as their own process: a bare Fastify hello-world
// (/) and, when REFERENCE_ANSWER is set, the same Fastify giving one of our answers (/reference:
// the same JSON document, stringified per request, and the same response headers, set by one
// hook) with nothing else of ours: what that answer costs before any of our pipeline runs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.REFERENCE_ANSWER) {
  /** @type {{ headers: Record<string, string>, body: string }} */
  const answer = JSON.parse(process.env.REFERENCE_ANSWER);
  const document = JSON.parse(answer.body);
  app.register(async (scope) => {
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.headers(answer.headers);
      done();
    });
    scope.get('/reference', async () => document);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
