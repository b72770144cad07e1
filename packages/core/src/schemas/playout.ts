/**
 * Playout (/playout, main administrator, PLAYOUT=1): streamer channels run as live channels. A
 * running channel is a live origin on the data plane (`PLAYOUT_ORIGIN_PATHS`), stitched like any
 * live stream through the live stream its start creates (`/play/live/<liveStreamId>/master.m3u8`).
 */
import { z } from 'zod';
import { STREAMER_MODES } from '../resources/streamer.ts';

/** The origin of a running channel, at the root of the data plane (not under /api). */
export const PLAYOUT_ORIGIN_PATHS = {
  /** The folder a live stream's sourceStreamUrl names (the stitcher appends master.m3u8). */
  base: '/playout/:channelId/',
  master: '/playout/:channelId/master.m3u8',
  /** One rendition's media playlist: `<index>.m3u8`. */
  media: '/playout/:channelId/:file',
} as const;

/** A channel's origin folder (`…/playout/<id>/`) on the data plane at `publicUrl`. */
export const playoutOriginBase = (publicUrl: string, channelId: string) =>
  `${publicUrl.replace(/\/+$/, '')}${PLAYOUT_ORIGIN_PATHS.base.replace(':channelId', encodeURIComponent(channelId))}`;

export const PLAYOUT_TEXTS = {
  forbidden: 'Only a main administrator may run playout channels',
  notFound: 'Streamer channel not found',
  /** The origin's answer for a stopped (or unknown) channel. */
  notRunning: 'Channel not running',
  /** The origin's answer outside a scheduled channel's dates. */
  offAir: 'Channel not on air',
  /** The name of the live stream a channel's first start creates: "<channel> (playout)". */
  liveStreamName: (channel: string, n = 1) => `${channel} (playout${n > 1 ? ` ${n}` : ''})`,
  adBreak: 'Ad break',
} as const;

/** One slot of the programme: a VOD asset's turn, or an ad break. Times are ISO 8601. */
export const playoutSlotSchema = z.object({
  kind: z.enum(['item', 'break']),
  /** The VOD asset (an item); null for a break. */
  vodId: z.string().nullable(),
  /** The asset's name, or "Ad break". */
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type PlayoutSlot = z.infer<typeof playoutSlotSchema>;

export const playoutChannelSchema = z.object({
  _id: z.string(),
  name: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  mode: z.enum(STREAMER_MODES),
  running: z.boolean(),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  /** Running, and inside its dates (a scheduled channel before its start or after its end is off air). */
  onAir: z.boolean(),
  now: playoutSlotSchema.nullable(),
  next: playoutSlotSchema.nullable(),
  /** The live stream stitching the channel (created on its first start). */
  liveStreamId: z.string().nullable(),
  /** The origin's multivariant playlist (what the live stream fetches). */
  originUrl: z.string(),
  /** The stitched playback path on the data plane (`/play/live/<liveStreamId>/master.m3u8`). */
  playbackPath: z.string().nullable(),
});
export type PlayoutChannel = z.infer<typeof playoutChannelSchema>;

export const playoutChannelsResponseSchema = z.object({
  /** The server's time of the answer (ISO): progress is measured against it. */
  at: z.string(),
  data: z.array(playoutChannelSchema),
});
export type PlayoutChannels = z.infer<typeof playoutChannelsResponseSchema>;

export const playoutChannelResponseSchema = z.object({ at: z.string(), channel: playoutChannelSchema });
export type PlayoutChannelAnswer = z.infer<typeof playoutChannelResponseSchema>;
