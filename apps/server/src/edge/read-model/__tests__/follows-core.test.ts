/**
 * The data plane follows core's defaults (issue 37): a live stream stored without a field reads,
 * in playback and in the built-in ad server's decisions, as core's default for it.
 */
import { LIVE_STREAM_DEFAULTS } from '@cuepoint/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams } from '../../../db/schema/index.ts';
import { loadAdTarget } from '../../ads/targets.ts';
import { type Harness, startHarness } from '../../playback/__tests__/live-harness.ts';
import { readLiveConfig } from '../../playback/live-config.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** Removes fields from the stored JSON, as a row written before they existed. */
async function strip(id: string, ...fields: string[]) {
  let data = sql`${liveStreams.data}`;
  for (const field of fields) data = sql`(${data}) - ${field}::text`;
  await h.database.db.update(liveStreams).set({ data }).where(eq(liveStreams.id, id));
}

describe('a live stream stored without a field', () => {
  it('plays, and decides its avails, with core’s default for it', async () => {
    const id = await h.stream({ adpodLength: 4, prefetchCount: 5, status: 'active' });
    await strip(id, 'adpodLength', 'prefetchCount', 'status');
    const [row] = await h.database.db
      .select({ data: liveStreams.data })
      .from(liveStreams)
      .where(eq(liveStreams.id, id));
    expect(row?.data).not.toHaveProperty('status');

    const config = await readLiveConfig(h.database.db, id);
    expect(config?.stream.adpodLength).toBe(LIVE_STREAM_DEFAULTS.adpodLength);
    expect(config?.stream.prefetchCount).toBe(LIVE_STREAM_DEFAULTS.prefetchCount);
    expect(config?.stream.status).toBe(LIVE_STREAM_DEFAULTS.status);
    // The ad server's pod length without a template is the stream's (core's default here).
    const target = await loadAdTarget(h.database.db, 'liveStream', id);
    expect(target?.podLength).toBe(LIVE_STREAM_DEFAULTS.adpodLength);
    expect(target?.active).toBe(LIVE_STREAM_DEFAULTS.status === 'active');

    // Core's default status is active: a viewer gets the stream.
    h.at(h.nextCycle(), 10);
    const response = await h.get(`/play/live/${id}/master.m3u8`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('#EXTM3U');
  });
});
