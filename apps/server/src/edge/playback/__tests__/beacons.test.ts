/**
 * The beacon sender against a real HTTP server: retries a failing tracker, gives up after the
 * last retry, fills the cache-buster, refuses what the fetch policy refuses, and never blocks the
 * caller.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbackPolicy } from '../../fetch/policy.ts';
import { BeaconSender } from '../beacons.ts';

let server: Server;
let base: string;
const seen: string[] = [];
/** Answers per path: a list of statuses used in turn (the last repeats). */
const script = new Map<string, number[]>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    seen.push(url);
    const path = url.split('?')[0]!;
    const statuses = script.get(path) ?? [200];
    response.statusCode = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const sender = () =>
  new BeaconSender({
    policy: playbackPolicy({ publicUrl: base }),
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    retryDelaysMs: [10, 20],
    timeoutMs: 1_000,
  });

/**
 * A poll's limit: expect.poll gives up after 1 s by default, which six loopback requests with
 * their retries overran on CI's 2 busy cores. A poll still ends as soon as its value is right.
 */
const BUSY_MACHINE = { timeout: 10_000 };

describe('BeaconSender', () => {
  it('sends each URL with its macros filled, without making the caller wait', async () => {
    const beacons = sender();
    beacons.send([`${base}/imp?cb=[CACHEBUSTING]&ts=[TIMESTAMP]`]);
    expect(beacons.stats.sent).toBe(0);
    await expect.poll(() => beacons.stats.sent, BUSY_MACHINE).toBe(1);
    const hit = seen.find((u) => u.startsWith('/imp?'))!;
    expect(hit).toMatch(/^\/imp\?cb=\d{8}&ts=2026-01-02T03%3A04%3A05/);
    beacons.close();
  });

  it('retries a tracker that fails, and gives up after the last retry', async () => {
    script.set('/flaky', [503, 503, 204]);
    script.set('/down', [500]);
    const beacons = sender();
    beacons.send([`${base}/flaky`, `${base}/down`]);
    await expect.poll(() => beacons.stats.sent + beacons.stats.failed, BUSY_MACHINE).toBe(2);
    expect(beacons.stats).toMatchObject({ sent: 1, failed: 1, retried: 4 });
    expect(seen.filter((u) => u === '/flaky')).toHaveLength(3);
    expect(seen.filter((u) => u === '/down')).toHaveLength(3);
    beacons.close();
  });

  it('refuses what the fetch policy refuses (a private address not allowed)', async () => {
    const beacons = sender();
    beacons.send(['http://10.0.0.1/imp', 'file:///etc/passwd']);
    await expect.poll(() => beacons.stats.failed, BUSY_MACHINE).toBe(2);
    expect(beacons.stats.sent).toBe(0);
    beacons.close();
  });

  it('drops what is queued once closed', async () => {
    const beacons = sender();
    beacons.close();
    beacons.send([`${base}/after-close`]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).not.toContain('/after-close');
  });
});
