import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { trustProxyWarning } from '../lib/trust-proxy.ts';
import { fakeConsoleBuild, freshDatabase, testEnv } from '../test/helpers.ts';

// Issue 46: TRUST_PROXY end to end, over real HTTP through Fastify (a socket with a real peer
// address, not inject's): which address a request is counted under (rate and sign-in limits, the
// session records, logs) for each setting, when a client writes its own X-Forwarded-For entries.
// nginx as deploy/ sets it up replaces X-Forwarded-For with the address it saw, so the entry the
// proxy vouches for is the rightmost one.

let database: Database;
let webDist: string;
beforeAll(async () => {
  database = await freshDatabase();
  webDist = await fakeConsoleBuild();
});
afterAll(async () => {
  await database?.close();
});

/** The server with TRUST_PROXY=`trustProxy`, listening on 127.0.0.1, and a route answering `request.ip`. */
async function serverWith(trustProxy: string) {
  const app = await buildApp({ env: testEnv({ TRUST_PROXY: trustProxy }), database, webDist });
  app.get('/test/client-address', async (req) => ({ ip: req.ip }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  /** request.ip for a request from `from` (a loopback address) carrying that X-Forwarded-For. */
  const clientAddress = (forwardedFor?: string, from = '127.0.0.1') =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/test/client-address',
          localAddress: from,
          headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`${res.statusCode}: ${body}`));
            else resolve((JSON.parse(body) as { ip: string }).ip);
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  return { app, clientAddress };
}

/** A client (203.0.113.7) that wrote its own entry (198.51.100.9) before nginx added what it saw. */
const SPOOFED = '198.51.100.9, 203.0.113.7';

describe('TRUST_PROXY over real HTTP', () => {
  it('false (the default): the socket peer, whatever X-Forwarded-For says', async () => {
    const { app, clientAddress } = await serverWith('false');
    try {
      expect(await clientAddress()).toBe('127.0.0.1');
      expect(await clientAddress(SPOOFED)).toBe('127.0.0.1');
    } finally {
      await app.close();
    }
  });

  it("the proxy's address (TRUST_PROXY=127.0.0.1): the entry nginx wrote; a client's own entries change nothing", async () => {
    const { app, clientAddress } = await serverWith('127.0.0.1');
    try {
      expect(await clientAddress('203.0.113.7')).toBe('203.0.113.7');
      expect(await clientAddress(SPOOFED)).toBe('203.0.113.7');
      expect(await clientAddress('10.0.0.1, 192.0.2.1, 203.0.113.7')).toBe('203.0.113.7');
      // No header: the proxy itself (a health check).
      expect(await clientAddress()).toBe('127.0.0.1');
      // A client that reaches the process directly, not through nginx: its header is not believed.
      expect(await clientAddress(SPOOFED, '127.0.0.2')).toBe('127.0.0.2');
    } finally {
      await app.close();
    }
  });

  it('a CIDR list: every trusted proxy is skipped, from the right, up to the first untrusted hop', async () => {
    // nginx on this machine, behind a load balancer of the private network.
    const { app, clientAddress } = await serverWith('127.0.0.0/8, 10.0.0.0/8');
    try {
      expect(await clientAddress('203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
      expect(await clientAddress('198.51.100.9, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
      // A private address the client wrote to the left of its own is not reached.
      expect(await clientAddress('10.9.9.9, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    } finally {
      await app.close();
    }
  });

  it('a hop count of 1: the entry the nearest proxy wrote; a client cannot prepend its way out', async () => {
    const { app, clientAddress } = await serverWith('1');
    try {
      expect(await clientAddress('203.0.113.7')).toBe('203.0.113.7');
      expect(await clientAddress(SPOOFED)).toBe('203.0.113.7');
      expect(await clientAddress()).toBe('127.0.0.1');
      // What a count cannot tell: a client that reaches the process directly is taken for the
      // proxy, and its header is believed. Hence the recommendation of the proxy's address.
      expect(await clientAddress('192.0.2.1', '127.0.0.2')).toBe('192.0.2.1');
    } finally {
      await app.close();
    }
  });

  it('a hop count of 2: two proxies in a row (a load balancer, then nginx)', async () => {
    const { app, clientAddress } = await serverWith('2');
    try {
      expect(await clientAddress('203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
      expect(await clientAddress('198.51.100.9, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    } finally {
      await app.close();
    }
  });

  it('true: the leftmost entry, which the client wrote (the reason the start-up log warns)', async () => {
    const { app, clientAddress } = await serverWith('true');
    try {
      expect(await clientAddress(SPOOFED)).toBe('198.51.100.9');
    } finally {
      await app.close();
    }
  });
});

describe('the start-up warning', () => {
  it('is given for true only, and names the settings to use instead', () => {
    expect(trustProxyWarning(true)).toMatch(/^TRUST_PROXY=true trusts any client's X-Forwarded-For/);
    expect(trustProxyWarning(true)).toContain('TRUST_PROXY=127.0.0.1');
    expect(trustProxyWarning(true)).toContain('TRUST_PROXY=1');
    for (const quiet of [false, 1, 2, ['127.0.0.1'], ['10.0.0.0/8', '127.0.0.1']]) {
      expect(trustProxyWarning(quiet)).toBeUndefined();
    }
  });
});
