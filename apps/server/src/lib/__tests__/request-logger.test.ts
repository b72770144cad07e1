import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions, REDACTED, requestLoggerFactory } from '../logging.ts';

function sink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('requestLoggerFactory', () => {
  const log = sink();
  const app = Fastify({
    logger: loggerOptions({ level: 'warn', pretty: false, stream: log.stream }),
    childLoggerFactory: requestLoggerFactory,
    disableRequestLogging: true,
  });
  app.get('/quiet', async (request) => {
    request.log.info('not written at warn');
    request.log.debug({ token: 'x' }, 'nor this');
    return { level: request.log.level, infoOn: (request.log as unknown as Logger).isLevelEnabled('info') };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ token: 'SECRET-TOKEN', detail: 1 }, 'written');
    request.log.child({ part: 'inner' }).error('from a child');
    return { id: request.id };
  });
  let childrenMade: { mock: { calls: unknown[][] } };
  beforeAll(async () => {
    await app.ready();
    childrenMade = vi.spyOn(app.log, 'child');
  });
  afterAll(() => app.close());

  it('writes nothing for levels that are off, and reports the level in force', async () => {
    const res = await app.inject('/quiet');
    expect(res.json()).toEqual({ level: 'warn', infoOn: false });
    expect(log.lines).toEqual([]);
    // No pino child was made for a request that wrote nothing.
    expect(childrenMade).not.toHaveBeenCalled();
  });

  it("writes enabled levels with the request's id, redacted, and from children too", async () => {
    const res = await app.inject('/loud');
    const { id } = res.json();
    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toMatchObject({ msg: 'written', token: REDACTED, detail: 1, level: 40 });
    expect(log.lines[1]).toMatchObject({ msg: 'from a child', part: 'inner', level: 50 });
    expect(log.lines.map((line) => line.reqId)).toEqual([id, id]);
    // The request's child, then the route's own (pino children inherit the spied method).
    expect(childrenMade.mock.calls.map(([bindings]) => bindings)).toEqual([{ reqId: id }, { part: 'inner' }]);
  });
});
