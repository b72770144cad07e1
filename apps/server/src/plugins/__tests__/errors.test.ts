import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposedProblem, RequestProblem } from '../../lib/request-problem.ts';
import { errorHandling } from '../errors.ts';

const app = Fastify();

beforeAll(async () => {
  await app.register(errorHandling);
  app.get('/exposed', async () => {
    throw exposedProblem(503, 'No room: try again later', { 'retry-after': '7' });
  });
  app.get('/hidden', async () => {
    throw new RequestProblem(502, 'internal detail');
  });
  app.get('/refused', async () => {
    throw new RequestProblem(429, 'Too many', { headers: { 'retry-after': '3' } });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the shared error handler', () => {
  it('shows the message of an exposed 5xx, with its headers', async () => {
    const res = await app.inject('/exposed');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'No room: try again later',
      requestId: expect.any(String),
    });
  });

  it('hides the message of any other 5xx', async () => {
    const res = await app.inject('/hidden');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).not.toContain('internal detail');
    expect(res.json().message).toContain('quote the request id');
  });

  it('sends a 4xx problem’s headers', async () => {
    const res = await app.inject('/refused');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3');
    expect(Object.keys(res.json())).toEqual(['statusCode', 'error', 'message', 'requestId']);
  });
});
