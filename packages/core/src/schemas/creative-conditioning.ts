/**
 * A creative's conditioning (GET /ssai/creative/{id}/conditioning, and the list's batch
 * GET /ssai/creative/conditioning?ids=): an MP4, MOV or MPEG-TS video is transcoded into HLS by
 * the data plane before the ad server plays it; an HLS video (.m3u8) plays as it is.
 */
import { z } from 'zod';
import { fileExtension } from '../validation/parsers.ts';

export const CONDITIONING_STATUSES = ['ready', 'queued', 'failed', 'not-needed', 'unavailable'] as const;
export type ConditioningStatus = (typeof CONDITIONING_STATUSES)[number];

export const creativeConditioningSchema = z.object({
  /**
   * 'ready': conditioned, `playlistUrl` plays it; 'queued': waiting or transcoding; 'failed': the
   * last attempt failed (`reason`); 'not-needed': the video is HLS already (`playlistUrl` is it);
   * 'unavailable': this server conditions nothing (no ffmpeg, or CONDITIONING=off: `reason`).
   */
  status: z.enum(CONDITIONING_STATUSES),
  /** 0..1 while transcoding (as far as this process can tell), else null. */
  progress: z.number().min(0).max(1).nullable(),
  reason: z.string().nullable(),
  /** The HLS master playlist to play, once there is one. */
  playlistUrl: z.string().nullable(),
});
export type CreativeConditioning = z.infer<typeof creativeConditioningSchema>;

/**
 * A creative whose last attempt failed is tried again after this pause, the next time it is
 * asked for (an ad decision, or its page in the console): a source that was down, or a file
 * replaced since, gets another chance, and a broken one costs one job (its three attempts) a
 * pause, never a loop.
 */
export const CONDITIONING_RETRY_MINUTES = 15;

/** Creatives a batch asks about at most (a list page). */
export const CONDITIONING_BATCH_MAX = 100;

export const CONDITIONING_BATCH_TEXTS = {
  ids: `Name 1 to ${CONDITIONING_BATCH_MAX} creative ids, separated by commas`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `ids`: comma-separated creative ids (uuids), 1 to CONDITIONING_BATCH_MAX of them, once each. */
export const conditioningBatchQuerySchema = z.strictObject({
  ids: z
    .string({ error: CONDITIONING_BATCH_TEXTS.ids })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim().toLowerCase()))])
    .refine((ids) => ids.length <= CONDITIONING_BATCH_MAX && ids.every((id) => UUID.test(id)), {
      error: CONDITIONING_BATCH_TEXTS.ids,
    }),
});

/** The batch's answer: each creative of the caller's the ids name (others are left out). */
export const conditioningBatchSchema = z.object({ data: z.record(z.string(), creativeConditioningSchema) });
export type ConditioningBatch = z.infer<typeof conditioningBatchSchema>;

/** Whether a creative's video is HLS already (a .m3u8 playlist), so it needs no conditioning. */
export const isHlsVideoUrl = (url: string): boolean => fileExtension(url) === '.m3u8';
