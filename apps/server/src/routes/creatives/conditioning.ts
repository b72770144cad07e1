/**
 * A creative's conditioning as the console sees it: an HLS video (.m3u8) needs none; any other
 * (MP4, MOV, MPEG-TS) is conditioned by the data plane's Conditioner (conditioning/) into HLS for
 * CREATIVE_LADDER, once, shared by every process. Asking about a video the conditioner has never
 * seen queues it (Conditioner.lookup), so a creative written before conditioning was available
 * gets queued the first time anyone looks.
 */
import { type CreativeConditioning, isHlsVideoUrl } from '@cuepoint/core';
import { type Conditioner, conditioningKey, ladderOf } from '../../edge/index.ts';

/**
 * The renditions a creative is conditioned into when it is saved (the console's preview and the
 * ad server's default): one common rung. A stream whose ladder differs gets its own (the data
 * plane conditions per stream ladder on first play).
 */
export const CREATIVE_LADDER = ladderOf([]);

export async function conditioningOf(
  conditioner: Conditioner,
  videoUrl: string,
): Promise<CreativeConditioning> {
  if (isHlsVideoUrl(videoUrl))
    return { status: 'not-needed', progress: null, reason: null, playlistUrl: videoUrl };
  const found = await conditioner.lookup(videoUrl, CREATIVE_LADDER);
  switch (found.state) {
    case 'ready':
      return { status: 'ready', progress: null, reason: null, playlistUrl: found.playlistUrl };
    case 'queued':
      return {
        status: 'queued',
        progress: conditioner.progressOf(conditioningKey(videoUrl, CREATIVE_LADDER)),
        reason: null,
        playlistUrl: null,
      };
    case 'failed':
      return { status: 'failed', progress: null, reason: found.reason, playlistUrl: null };
    case 'unavailable':
      return { status: 'unavailable', progress: null, reason: found.reason, playlistUrl: null };
  }
}
