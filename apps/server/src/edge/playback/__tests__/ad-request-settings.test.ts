/**
 * A live stream's Ad exchange value and Advanced config reach its ad requests (issue 39): through
 * the real playback server, the fake ad server (which records every VAST request) and the real
 * database, the stream's tag is asked with the values (and a bundle's exchange tag, through the
 * built-in ad server and the playback runtime's decisions), and the break's diagnostics (the decision
 * event's request URL and notes) show the request as sent.
 */
import { liveStreamSchema } from '@cuepoint/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, resourceEvents } from '../../../db/schema/index.ts';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { createResource } from '../../../services/resources.ts';
import { AdServer } from '../../ads/ad-server.ts';
import { decideFromCampaigns } from '../../ads/playback.ts';
import { playbackPolicy } from '../../fetch/policy.ts';
import { decideAvails } from '../ad-decisions.ts';
import { PLAYBACK_LIMITS } from '../limits.ts';
import { PlaybackRuntime } from '../runtime.ts';
import { MemorySessionStore } from '../sessions.ts';
import { BREAK_START } from './fake-media.ts';
import { type Harness, mediaPlaylist, openSession, startHarness } from './live-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The viewer's decision events of a stream, once written. */
async function decisionsOf(streamId: string, sessionId: string) {
  await expect
    .poll(
      async () => {
        await h.app.events.flush();
        return (await decisions(streamId, sessionId)).length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return decisions(streamId, sessionId);
}

const decisions = (streamId: string, sessionId: string) =>
  h.database.db
    .select()
    .from(resourceEvents)
    .where(
      and(
        eq(resourceEvents.resourceId, streamId),
        eq(resourceEvents.action, 'ad-decision'),
        eq(resourceEvents.sessionId, sessionId),
      ),
    )
    .orderBy(asc(resourceEvents.id));

/** A viewer of the stream plays up to the break: its avail is decided. */
async function watchBreak(streamId: string) {
  const cycle = h.nextCycle();
  h.at(cycle, 10);
  const { uris, sessionId } = await openSession(h, streamId);
  for (let segment = 10; segment <= BREAK_START; segment++) {
    h.at(cycle, segment);
    await mediaPlaylist(h, uris[0]!);
  }
  return sessionId;
}

const SETTINGS = {
  adExchangeValue: 'net 7/home',
  advancedConfig: '{"site.section": "news & sport", "tier": "gold", "sid": "not-the-session"}',
};

describe('the stream’s ad exchange value and advanced config in its ad requests', () => {
  it('reach the stream’s VAST tag as macros and appended parameters, as the diagnostics show', async () => {
    const streamId = await h.stream({
      ...SETTINGS,
      vastUrl: `${h.media.base}/vast?sid=[SESSION_ID]&dur=[AVAIL_DURATION]&ex=[AD_EXCHANGE_VALUE]&mt=[session.ad_exchange_value]&s=[config.site.section]`,
    });
    const sessionId = await watchBreak(streamId);

    const asked = h.media.vastRequests.filter((r) => r.query.get('sid') === sessionId);
    expect(asked).toHaveLength(1);
    // The tag's own sid is kept; the pairs no macro names are appended.
    expect(Object.fromEntries(asked[0]!.query)).toEqual({
      sid: sessionId,
      dur: '12',
      ex: 'net 7/home',
      mt: 'net 7/home',
      s: 'news & sport',
      tier: 'gold',
    });

    const [decision] = await decisionsOf(streamId, sessionId);
    const data = decision!.data as { requestUrl: string; notes: string[] };
    expect(data.requestUrl).toBe(
      `${h.media.base}/vast?sid=${sessionId}&dur=12&ex=net%207%2Fhome&mt=net%207%2Fhome&s=news%20%26%20sport&tier=gold`,
    );
    expect(data.notes).toContain(
      'advanced config pair sid not appended: the VAST URL has its own sid parameter',
    );
  });
});

describe('the stream’s values in a bundle’s tag', () => {
  it('reach an exchange tag the built-in ad server hands back for an internal decision', async () => {
    const [customer] = await h.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.subDomainName, 'demo-broadcasting'));
    const who = { actor: 'playback-tests@cuepoint.example', actingAdmin: null };
    const exchange = `${h.media.base}/vast?sid=[SESSION_ID]&ex=[AD_EXCHANGE_VALUE]`;
    const bundle = await createResource(
      h.database.db,
      'bundle',
      customer!.id,
      { name: 'Exchange demand', sources: [{ type: 'exchange', percentage: 100, url: exchange }] },
      who,
      { ignorePlan: true },
    );
    const stream = await createResource(
      h.database.db,
      'liveStream',
      customer!.id,
      {
        ...SETTINGS,
        name: 'Exchange stream',
        sourceStreamUrl: `${h.media.base}/live/`,
        bundles: [{ name: 'Exchange', percentage: 100, bundleId: bundle.id }],
      },
      who,
      { ignorePlan: true },
    );
    const adServer = new AdServer({
      db: h.database.db,
      exclusive: h.database.driver === 'pglite',
      publicUrl: 'http://play.test',
      now: Date.now,
      random: Math.random,
      signer: createSecretBox(Buffer.alloc(32, 1)),
    });
    const runtime = new PlaybackRuntime({
      db: h.database.db,
      sessions: new MemorySessionStore(),
      policy: playbackPolicy({
        publicUrl: 'http://play.test',
        allowHosts: [h.media.hostPort],
        lookup: async () => [],
      }),
      limits: PLAYBACK_LIMITS,
      now: Date.now,
      campaigns: (request) => decideFromCampaigns(adServer, request),
    });
    const sessionId = 'exchange-session-00000';
    const [decision] = await decideAvails(
      { ...liveStreamSchema.parse(stream.data), resource: { kind: 'liveStream', id: stream.id } },
      { sessionId, viewer: { address: '203.0.113.9', userAgent: 'Player/2' } },
      [{ id: 'cue-1', duration: 12 }],
      runtime.decisions,
      30_000,
    );

    const asked = h.media.vastRequests.filter((r) => r.query.get('sid') === sessionId);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.query)).toEqual({
      sid: sessionId,
      ex: 'net 7/home',
      'site.section': 'news & sport',
      tier: 'gold',
    });
    expect(decision?.request?.url).toBe(
      `${h.media.base}/vast?sid=${sessionId}&ex=net%207%2Fhome&site.section=news%20%26%20sport&tier=gold`,
    );
    expect(decision?.notes).toContain('bundle Exchange demand');
  });
});
