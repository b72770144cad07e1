/**
 * Issue 39, viewer access: a live stream's Blocked IPs refuse playback from those addresses and
 * ranges with a 403, a non-empty Trusted IPs allows only its members, blocked wins over trusted.
 * Over HTTP (a real Fastify server on a real port, the playback routes, a real database, the fake
 * origin of fake-media.ts); the viewer's address is the socket's, or X-Forwarded-For's only when
 * the server trusts its proxy. The matcher's own cases (IPv6 ranges, IPv4-mapped addresses, bad
 * entries told once) are tested on viewer-access.ts directly.
 */
import { PLAYBACK_ACCESS_TEXTS } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams, playbackMinutes } from '../../../db/schema/index.ts';
import { PLAYBACK_LIMITS } from '../limits.ts';
import { MemorySessionStore } from '../sessions.ts';
import { parseEntry, viewerAccess } from '../viewer-access.ts';
import { type Harness, startHarness } from './live-harness.ts';

const NOT_ALLOWED = PLAYBACK_ACCESS_TEXTS.notAllowedFromAddress;
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

/** Writes the stream's lists as stored (as old data or another writer might: core's schema unasked). */
async function storeLists(h: Harness, streamId: string, lists: Record<string, unknown[]>) {
  const [row] = await h.database.db
    .select({ data: liveStreams.data })
    .from(liveStreams)
    .where(eq(liveStreams.id, streamId));
  await h.database.db
    .update(liveStreams)
    .set({ data: { ...row!.data, ...lists }, updatedAt: new Date() })
    .where(eq(liveStreams.id, streamId));
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(await response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', message: NOT_ALLOWED });
}

/** GET master.m3u8 as `address`: the session's URIs (200 expected). */
async function play(h: Harness, streamId: string, address: string) {
  const response = await h.get(`/play/live/${streamId}/master.m3u8`, from(address));
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const uris = text.split('\n').filter((line) => line.startsWith('/play/'));
  const sessionId = /\/s\/([^/]+)\//.exec(uris[0] ?? '')?.[1];
  expect(sessionId, text).toBeDefined();
  return { uris, sessionId: sessionId! };
}

const masterStatus = async (h: Harness, streamId: string, address: string) =>
  (await h.get(`/play/live/${streamId}/master.m3u8`, from(address))).status;

describe('viewer access behind a trusted proxy (the address from X-Forwarded-For)', () => {
  let h: Harness;
  let sessions: MemorySessionStore;
  beforeAll(async () => {
    sessions = new MemorySessionStore(() => h.clock.now);
    h = await startHarness({ trustProxy: true, sessions });
    h.at(h.nextCycle(), 2);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a blocked single IPv4 address, and plays the others', async () => {
    const streamId = await h.stream({ blockedIpsList: ['203.0.113.7'] });
    await expectRefused(await h.get(`/play/live/${streamId}/master.m3u8`, from('203.0.113.7')));
    expect(await masterStatus(h, streamId, '203.0.113.8')).toBe(200);
  });

  it('checks the forwarded address, not the proxy’s: plays one though the proxy’s is blocked, and refuses a blocked forwarded one', async () => {
    const streamId = await h.stream({ blockedIpsList: ['127.0.0.1', '203.0.113.60'] });
    expect(await masterStatus(h, streamId, '198.51.100.1')).toBe(200);
    expect(await masterStatus(h, streamId, '203.0.113.60')).toBe(403);
  });

  it('refuses a blocked CIDR range (its first and last address), not its neighbours', async () => {
    const streamId = await h.stream({ blockedIpsList: ['198.51.100.0/24'] });
    expect(await masterStatus(h, streamId, '198.51.100.0')).toBe(403);
    expect(await masterStatus(h, streamId, '198.51.100.255')).toBe(403);
    expect(await masterStatus(h, streamId, '198.51.101.0')).toBe(200);
    expect(await masterStatus(h, streamId, '198.51.99.255')).toBe(200);
  });

  it('refuses a stored IPv6 range, and an IPv4-mapped IPv6 address by its IPv4 entry', async () => {
    const streamId = await h.stream({ blockedIpsList: ['192.0.2.0/28'] });
    await storeLists(h, streamId, { blockedIpsList: ['2001:db8:aa::/48', '192.0.2.0/28'] });
    h.advance(PLAYBACK_LIMITS.configTtlMs);
    expect(await masterStatus(h, streamId, '2001:db8:aa:1::5')).toBe(403);
    expect(await masterStatus(h, streamId, '2001:db8:ab::5')).toBe(200);
    expect(await masterStatus(h, streamId, '::ffff:192.0.2.9')).toBe(403);
    expect(await masterStatus(h, streamId, '::ffff:192.0.2.16')).toBe(200);
  });

  it('with a trusted list, plays only its members', async () => {
    const streamId = await h.stream({ trustedIpsList: ['10.1.0.0/16', '192.0.2.44'] });
    expect(await masterStatus(h, streamId, '10.1.200.3')).toBe(200);
    expect(await masterStatus(h, streamId, '192.0.2.44')).toBe(200);
    expect(await masterStatus(h, streamId, '::ffff:10.1.0.1')).toBe(200);
    await expectRefused(await h.get(`/play/live/${streamId}/master.m3u8`, from('10.2.0.1')));
    expect(await masterStatus(h, streamId, '192.0.2.45')).toBe(403);
    expect(await masterStatus(h, streamId, '2001:db8::1')).toBe(403);
  });

  it('blocked wins over trusted', async () => {
    const streamId = await h.stream({ trustedIpsList: ['10.3.0.0/24'], blockedIpsList: ['10.3.0.5'] });
    expect(await masterStatus(h, streamId, '10.3.0.5')).toBe(403);
    expect(await masterStatus(h, streamId, '10.3.0.6')).toBe(200);
  });

  it('refuses every route of the stream: master, session, session master, media playlist, tracking', async () => {
    const streamId = await h.stream({ blockedIpsList: ['203.0.113.0/24'] });
    // A session opened from a playing address, then asked for from a blocked one.
    const { uris, sessionId } = await play(h, streamId, '198.51.100.20');
    const blocked = from('203.0.113.20');
    await expectRefused(await h.get(`/play/live/${streamId}/master.m3u8`, blocked));
    await expectRefused(await h.get(`/play/live/${streamId}/session`, { method: 'POST', ...blocked }));
    await expectRefused(await h.get(`/play/live/${streamId}/s/${sessionId}/master.m3u8`, blocked));
    await expectRefused(await h.get(uris[0]!, blocked));
    await expectRefused(await h.get(`/play/live/${streamId}/s/${sessionId}/tracking`, blocked));
    // The playing address keeps its session.
    expect((await h.get(uris[0]!, from('198.51.100.20'))).status).toBe(200);
    expect(
      (await h.get(`/play/live/${streamId}/s/${sessionId}/tracking`, from('198.51.100.20'))).status,
    ).toBe(200);
  });

  it('a refused request opens no session and counts no viewer', async () => {
    const streamId = await h.stream({ blockedIpsList: ['203.0.113.30'] });
    const before = sessions.size;
    expect(await masterStatus(h, streamId, '203.0.113.30')).toBe(403);
    expect(
      (await h.get(`/play/live/${streamId}/session`, { method: 'POST', ...from('203.0.113.30') })).status,
    ).toBe(403);
    expect(sessions.size).toBe(before);
    await h.app.events.flush();
    const counted = await h.database.db
      .select()
      .from(playbackMinutes)
      .where(eq(playbackMinutes.resourceId, streamId));
    expect(counted).toEqual([]);
  });

  it('an edit of the lists takes effect within the config cache’s time', async () => {
    const streamId = await h.stream();
    const { uris } = await play(h, streamId, '198.51.100.40');
    await storeLists(h, streamId, { blockedIpsList: ['198.51.100.40'] });
    h.advance(PLAYBACK_LIMITS.configTtlMs);
    await expectRefused(await h.get(uris[0]!, from('198.51.100.40')));
    expect(await masterStatus(h, streamId, '198.51.100.40')).toBe(403);
    // And back: the block lifted, the same address plays again.
    await storeLists(h, streamId, { blockedIpsList: [] });
    h.advance(PLAYBACK_LIMITS.configTtlMs);
    expect(await masterStatus(h, streamId, '198.51.100.40')).toBe(200);
  });

  it('ignores a malformed stored entry: the others still apply, never a 500', async () => {
    const streamId = await h.stream();
    await storeLists(h, streamId, {
      blockedIpsList: ['not-an-ip', '203.0.113.50', '10.0.0.0/33', 42],
      trustedIpsList: ['10.9.9.9/99', '203.0.113.0/24'],
    });
    h.advance(PLAYBACK_LIMITS.configTtlMs);
    expect(await masterStatus(h, streamId, '203.0.113.50')).toBe(403);
    expect(await masterStatus(h, streamId, '203.0.113.51')).toBe(200);
    expect(await masterStatus(h, streamId, '10.9.9.9')).toBe(403);
  });
});

describe('viewer access without a trusted proxy (the socket’s address)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    h.at(h.nextCycle(), 2);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a spoofed X-Forwarded-For does not get past a block of the socket’s address', async () => {
    const streamId = await h.stream({ blockedIpsList: ['127.0.0.1'] });
    await expectRefused(await h.get(`/play/live/${streamId}/master.m3u8`, from('198.51.100.1')));
  });

  it('nor into a trusted list', async () => {
    const streamId = await h.stream({ trustedIpsList: ['198.51.100.1'] });
    expect(await masterStatus(h, streamId, '198.51.100.1')).toBe(403);
    const open = await h.stream({ trustedIpsList: ['127.0.0.0/8'] });
    expect(await masterStatus(h, open, '198.51.100.1')).toBe(200);
  });
});

describe('the matcher (viewer-access.ts)', () => {
  const quiet = () => {};

  it('reads single addresses and CIDR ranges, IPv4 and IPv6, and no other form', () => {
    expect(parseEntry('192.0.2.1')?.[1]).toBe(32);
    expect(parseEntry(' 192.0.2.0/24 ')?.[1]).toBe(24);
    expect(parseEntry('2001:db8::/32')?.[1]).toBe(32);
    expect(parseEntry('::1')?.[1]).toBe(128);
    expect(parseEntry('::ffff:192.0.2.0/120')?.map(String)).toEqual(['192.0.2.0', '24']);
    for (const bad of [
      '10.1',
      '0x0a.0.0.1',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/',
      'host',
      '',
      7,
      null,
    ])
      expect(parseEntry(bad), String(bad)).toBeUndefined();
  });

  it('matches IPv6 ranges and IPv4-mapped addresses; blocked wins; empty lists allow all', () => {
    const access = viewerAccess(
      's1',
      { trusted: ['2001:db8::/32', '192.0.2.0/24'], blocked: ['2001:db8:1::/48'] },
      quiet,
    );
    expect(access.allows('2001:db8:2::1')).toBe(true);
    expect(access.allows('2001:db8:1::1')).toBe(false);
    expect(access.allows('::ffff:192.0.2.7')).toBe(true);
    expect(access.allows('198.51.100.1')).toBe(false);
    expect(access.allows('fe80::1%eth0')).toBe(false);
    const open = viewerAccess('s2', { trusted: [], blocked: [] }, quiet);
    expect(open.open).toBe(true);
    expect(open.allows('anything')).toBe(true);
  });

  it('ignores a bad entry, tells it once per stream, and a trusted list of only bad entries stays closed', () => {
    const told: string[] = [];
    const lists = { trusted: ['nope'], blocked: ['10.0.0.0/33', '192.0.2.1'] };
    const first = viewerAccess('s3', lists, (m) => told.push(m));
    viewerAccess('s3', lists, (m) => told.push(m));
    expect(told).toHaveLength(2);
    expect(told.join('\n')).toContain('"nope"');
    expect(first.allows('192.0.2.1')).toBe(false);
    expect(first.allows('192.0.2.2')).toBe(false);
  });
});
