import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { LIST_ALL_MAX_ROWS, LIST_MAX_PAGE } from '@cuepoint/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { customers, slates, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE } from '../../lib/database-errors.ts';
import { redactUrl } from '../../lib/logging.ts';
import { freshDatabase, lastLinkTo, loginAs, type TestApp, testApp } from '../../test/helpers.ts';

/** Every line the server logged, as text. */
function logSink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

const NEW_USER = {
  firstName: 'Lena',
  lastName: 'Logs',
  email: 'lena@broadcaster.example',
  mobilePhone: '+33 1 23 45 67 89',
  organizationType: 'Publisher',
  country: 'FR',
  password: 'Str0ng#Passw0rd',
  repeatPassword: 'Str0ng#Passw0rd',
};

describe('secrets never reach the log', () => {
  const log = logSink();
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ logger: { level: 'info', pretty: false, stream: log.stream } });
  });
  afterAll(() => app.close());

  it('a failed sign-up query logs no parameters (the password hash among them)', async () => {
    // Any new user row now fails inside the database, as an outage or a bug would.
    await app.db.execute(sql`alter table users add constraint refuse_new_rows check (false) not valid`);
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: NEW_USER });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.db.execute(sql`alter table users drop constraint refuse_new_rows`);
    }
    expect(log.text()).toContain('refuse_new_rows');
    expect(log.text()).not.toContain('$argon2');
    expect(log.text()).not.toContain(NEW_USER.email);
  });

  it('token-bearing query strings and Authorization headers are cut from every line', async () => {
    const session = await loginAs(app, 'customer');
    await app.inject(`/app/new-password?email=${encodeURIComponent(NEW_USER.email)}&token=RESET-SECRET-123`);
    await app.inject(`/app/user-activate?email=x%40y.example&token=ACTIVATION-SECRET-456`);
    const read = await app.inject({ url: `/api/user/getUser/${session.userId}`, headers: session.headers });
    const text = log.text();
    expect(text).not.toContain('RESET-SECRET-123');
    expect(text).not.toContain('ACTIVATION-SECRET-456');
    expect(text).not.toContain(session.token);
    expect(text).not.toContain(DEMO_ACCOUNTS.customer.password);
    // One line per request, with method, path, status and time.
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            reqId?: string;
            req?: { url: string };
            res?: { statusCode: number };
          },
      );
    const mine = lines.filter((l) => l.req?.url.startsWith(`/api/user/getUser/${session.userId}`));
    expect(mine).toHaveLength(1);
    // The request's line carries its id (the request's logger is made when it first logs).
    expect(mine[0]).toMatchObject({ reqId: read.headers['x-request-id'], res: { statusCode: 200 } });
    expect(mine[0]!.msg).toMatch(new RegExp(`^GET /api/user/getUser/${session.userId} 200 [\\d.]+ ms$`));
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('a mailed reset link (a credential) is never logged, only the outbox file it is in', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: DEMO_ACCOUNTS.customer.email },
    });
    await app.settled();
    const link = (await lastLinkTo(app.dataDir, DEMO_ACCOUNTS.customer.email)).toString();
    const token = new URL(link).searchParams.get('token')!;
    expect(log.text()).toContain('mail written to the outbox');
    expect(log.text()).not.toContain(token);
  });

  it('redactUrl keeps harmless parameters and cuts secret ones', () => {
    expect(redactUrl('/api/ssai/ds?page=2&q=news')).toBe('/api/ssai/ds?page=2&q=news');
    expect(redactUrl('/x?token=abc&apiKey=k&page=1')).toBe(
      '/x?token=%5BREDACTED%5D&apiKey=%5BREDACTED%5D&page=1',
    );
  });
});

describe('answers that must not be cached, cursors and pages out of range', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('sends Cache-Control: no-store on the login answer, a rotated token and the customer record', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const { headers } = await loginAs(app, 'customer');
    const [customer] = await app.db.select({ id: customers.id }).from(customers).limit(1);
    for (const url of [`/api/customer/${customer!.id}`, '/api/overview/summary', '/api/health']) {
      const res = await app.inject({ url, headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('refuses an event cursor beyond any id with 400 naming it, not 500', async () => {
    const { headers } = await loginAs(app, 'customer');
    for (const after of ['99999999999999999999999', '9007199254740993']) {
      const res = await app.inject({ url: `/api/events?kind=slate&after=${after}`, headers });
      expect(res.statusCode, after).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'after', message: 'after must be an event id' }]);
    }
    expect((await app.inject({ url: '/api/events?kind=slate&after=12', headers })).statusCode).toBe(200);
  });

  it('refuses a page past LIST_MAX_PAGE on lists and events', async () => {
    const { headers } = await loginAs(app, 'customer');
    for (const url of [`/api/ssai/slate?page=${LIST_MAX_PAGE + 1}`, `/api/events?kind=slate&page=1e300`]) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['page']);
    }
  });

  it(`answers at most ${LIST_ALL_MAX_ROWS} rows for pageSize All, the rest on the next page`, async () => {
    const { headers, userId } = await loginAs(app, 'customer');
    const [me] = await app.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.id, userId));
    const extra = LIST_ALL_MAX_ROWS + 5;
    await app.db.insert(slates).values(
      Array.from({ length: extra }, (_, i) => ({
        customerId: me!.customerId,
        data: {
          name: `Bulk slate ${String(i).padStart(4, '0')}`,
          source: 'url',
          videoUrl: 'https://cdn.example/s.mp4',
          duration: 10,
        },
      })),
    );
    const first = await app.inject({ url: '/api/ssai/slate?pageSize=All&sort=name&order=asc', headers });
    expect(first.statusCode).toBe(200);
    const body = first.json() as { data: unknown[]; total: number };
    expect(body.data).toHaveLength(LIST_ALL_MAX_ROWS);
    expect(body.total).toBeGreaterThanOrEqual(extra);
    const second = await app.inject({
      url: '/api/ssai/slate?pageSize=All&sort=name&order=asc&page=2',
      headers,
    });
    expect((second.json() as { data: unknown[] }).data).toHaveLength(body.total - LIST_ALL_MAX_ROWS);
  });
});

describe('a database outage', () => {
  it('answers 503 with Retry-After (embedded database closed)', async () => {
    const database = await freshDatabase();
    const app = await testApp({ database });
    try {
      await database.close();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
      expect(res.json()).toMatchObject({ statusCode: 503, message: DATABASE_UNAVAILABLE });
    } finally {
      await app.close();
    }
  });

  it('answers 503 with Retry-After when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1: every connection is refused.
    const database = await openDatabase({ driver: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await testApp({ database });
    try {
      const res = await app.inject({
        url: '/api/ssai/slate',
        headers: { authorization: `Bearer ${'x'.repeat(43)}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('slow clients', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await testApp({ env: { HEADERS_TIMEOUT_MS: '600', REQUEST_TIMEOUT_MS: '1200' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  /**
   * Opens a socket, writes `start`, then one byte every `everyMs` (the client never stops on its
   * own); resolves with what it got back once the socket closed, and whether the server closed it.
   */
  const trickle = (start: string, everyMs: number) =>
    new Promise<{ answer: string; closedByServer: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(start));
      let answer = '';
      let gaveUp = false;
      const timer = setInterval(() => socket.writable && socket.write('a'), everyMs);
      socket.on('data', (c) => {
        answer += c;
      });
      socket.on('error', () => {});
      // The test's own bound, far beyond the 0.6 s / 1.2 s limits: a socket still open then means
      // the server has no time-out at all (the assertion below fails, not the test's timer).
      const bound = setTimeout(() => {
        gaveUp = true;
        socket.destroy();
      }, 45_000);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(bound);
        resolve({ answer, closedByServer: !gaveUp });
      });
    });

  it('closes a connection whose headers never finish', { timeout: 60_000 }, async () => {
    const { answer, closedByServer } = await trickle('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ', 100);
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body trickles in a byte at a time', { timeout: 60_000 }, async () => {
    const { answer, closedByServer } = await trickle(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      100,
    );
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
