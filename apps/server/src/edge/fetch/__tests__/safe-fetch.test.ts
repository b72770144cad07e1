import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchPolicy, isPublicAddress, SafeFetchError, safeFetchText } from '../safe-fetch.ts';

// A real HTTP server on loopback plays the origin: loopback is exactly what the guard refuses, so
// the tests reach it only where a policy allows it, or by a name a test resolver points at it.
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/playlist.m3u8') {
      res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
      res.end(`#EXTM3U\n# host ${req.headers.host}\n`);
    } else if (url.pathname === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (url.pathname === '/to-playlist') {
      res.writeHead(301, { location: '/playlist.m3u8' });
      res.end();
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(5000));
    } else if (url.pathname === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
      res.end();
    } else if (url.pathname === '/hang') {
      // Never answers: the caller's time limit ends it.
    } else {
      res.writeHead(404);
      res.end('not here');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const local = (path: string) => `http://127.0.0.1:${port}${path}`;
// A getter: the port is known once the server listens.
const allowLocal = (): FetchPolicy => ({ allowHosts: new Set([`127.0.0.1:${port}`]) });
const fetchText = (url: string, policy: FetchPolicy, extra: { timeoutMs?: number; maxBytes?: number } = {}) =>
  safeFetchText(url, { policy, timeoutMs: extra.timeoutMs ?? 5000, maxBytes: extra.maxBytes ?? 1 << 20 });

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('safeFetchText', () => {
  it('refuses a loopback origin, by address or by name, without sending a request', async () => {
    const before = hits;
    expect((await refusal(fetchText(local('/playlist.m3u8'), {}))).kind).toBe('refused');
    const byName = await refusal(fetchText(`http://localhost:${port}/playlist.m3u8`, {}));
    expect(byName.kind).toBe('refused');
    expect(byName.message).toMatch(/localhost resolves to .*private or reserved/);
    expect((await refusal(fetchText(`http://[::ffff:127.0.0.1]:${port}/`, {}))).kind).toBe('refused');
    expect(hits).toBe(before);
  });

  it('refuses a name that resolves to a private address at connection time (no second lookup)', async () => {
    const before = hits;
    const resolved: string[] = [];
    const policy: FetchPolicy = {
      lookup: async (hostname) => {
        resolved.push(hostname);
        return [
          { address: '93.184.215.14', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ];
      },
    };
    const error = await refusal(fetchText(`http://origin.example:${port}/playlist.m3u8`, policy));
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('127.0.0.1');
    expect(resolved).toEqual(['origin.example']);
    expect(hits).toBe(before);
  });

  it('fetches from a host the policy allows, connecting to the address it resolved', async () => {
    const policy: FetchPolicy = {
      allowHosts: new Set([`demo.origin.test:${port}`]),
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    };
    const answer = await fetchText(`http://demo.origin.test:${port}/playlist.m3u8`, policy);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/vnd.apple.mpegurl');
    expect(answer.body).toBe(`#EXTM3U\n# host demo.origin.test:${port}\n`);
  });

  it('follows a redirect and checks where it leads', async () => {
    const followed = await fetchText(local('/to-playlist'), allowLocal());
    expect(followed.url).toBe(local('/playlist.m3u8'));
    expect(followed.body).toContain('#EXTM3U');

    const metadata = await refusal(fetchText(local('/to-metadata'), allowLocal()));
    expect(metadata.kind).toBe('refused');
    expect(metadata.message).toContain('169.254.169.254');

    const loop = await refusal(fetchText(local('/loop'), allowLocal()));
    expect(loop.kind).toBe('redirects');
  });

  it('answers other statuses as they are (the caller decides)', async () => {
    const answer = await fetchText(local('/nothing'), allowLocal());
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('not here');
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a', 'gopher://example.com/']) {
      expect((await refusal(fetchText(url, allowLocal()))).kind).toBe('refused');
    }
  });

  it('stops an answer over the size limit, declared or streamed', async () => {
    expect((await refusal(fetchText(local('/big'), allowLocal(), { maxBytes: 1000 }))).kind).toBe(
      'too-large',
    );
    expect((await refusal(fetchText(local('/big-chunked'), allowLocal(), { maxBytes: 4000 }))).kind).toBe(
      'too-large',
    );
    expect((await fetchText(local('/big'), allowLocal(), { maxBytes: 5000 })).body).toHaveLength(5000);
  });

  it('gives up at the time limit', async () => {
    const error = await refusal(fetchText(local('/hang'), allowLocal(), { timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('/hang');
  });

  it('says so when nothing listens', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const freePort = (closed.address() as AddressInfo).port;
    closed.close();
    const error = await refusal(
      fetchText(`http://127.0.0.1:${freePort}/`, { allowHosts: new Set([`127.0.0.1:${freePort}`]) }),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });
});
