/**
 * Creative conditioning in the server: ffmpeg looked for at start (and said so when missing),
 * the Conditioner decorated (app.conditioner) for the data plane's ad decisions, its queue and
 * worker started once the server is ready and stopped before the database closes, and the
 * conditioned creatives served at /media/creatives/<key>/<rendition>/<file> (public, like segments).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/request-problem.ts';
import { playbackPolicy } from '../fetch/policy.ts';
import {
  Conditioner,
  type ConditioningOutcome,
  CREATIVES_PATH,
  conditioningKey,
  ladderOf,
} from './conditioner.ts';
import { detectFfmpeg, type FfmpegStatus } from './ffmpeg.ts';

declare module 'fastify' {
  interface FastifyInstance {
    conditioner: Conditioner;
  }
}

export interface ConditioningOptions {
  env: Env;
  database: Database;
  publicUrl: string;
  /** Whether this process serves the data plane (and so the conditioned files). */
  serveFiles: boolean;
  /**
   * Tells the customers' users that a saved creative's conditioning settled (app.ts passes the
   * console's notifications: the edge does not import src/services/). None: nobody is told.
   */
  notify?: ((outcome: ConditioningOutcome) => Promise<void>) | undefined;
}

/** ffmpeg as CONDITIONING and FFMPEG_PATH say (not looked for when conditioning is off). */
export async function ffmpegOf(env: Env): Promise<FfmpegStatus> {
  if (env.CONDITIONING === 'off') return { available: false, reason: 'CONDITIONING=off' };
  return detectFfmpeg(env.FFMPEG_PATH);
}

/**
 * The renditions a creative is conditioned into when it is saved (routes/creatives' CREATIVE_LADDER:
 * one common rung): the conditioning the creative's page shows. Only its outcome is notified; the
 * data plane's per-stream ladders of the same video are not (they would repeat the news).
 */
const SAVED_CREATIVE_LADDER = ladderOf([]);

/** A creative's conditioning settled: its customers' users are told (`notify`) when it is news. */
async function notifySettled(notify: ConditioningOptions['notify'], outcome: ConditioningOutcome) {
  if (!notify || outcome.key !== conditioningKey(outcome.sourceUrl, SAVED_CREATIVE_LADDER)) return;
  // A retry that failed again is not news: the users were told of the first failure.
  if (outcome.status === 'failed' && outcome.retried) return;
  await notify(outcome);
}

const KEY = /^[0-9a-f]{32}$/;
/**
 * A conditioned set's files: TS segments, or an fMP4 set's segments and init sections (ffmpeg
 * names a set of one rendition's init.mp4, of several init_<rung>.mp4).
 */
const FILE = /^(\d{1,2})\/(index\.m3u8|seg\d{3,5}\.(ts|m4s)|init(_\d{1,2})?\.mp4)$|^master\.m3u8$/;
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
};

export const conditioningPlugin = fp(
  async (app: FastifyInstance, opts: ConditioningOptions & { ffmpeg: FfmpegStatus }) => {
    const { env, ffmpeg } = opts;
    const conditioner = new Conditioner({
      database: opts.database,
      dataDir: env.DATA_DIR,
      publicUrl: opts.publicUrl.replace(/\/+$/, ''),
      enabled: env.CONDITIONING === 'on',
      ffmpegBin: env.FFMPEG_PATH,
      ffmpeg,
      policy: playbackPolicy({ publicUrl: opts.publicUrl, allowHosts: env.PLAYBACK_ALLOW_HOSTS }),
      log: app.log,
      onSettled: (outcome) => notifySettled(opts.notify, outcome),
    });
    app.decorate('conditioner', conditioner);
    if (env.CONDITIONING === 'on') {
      if (ffmpeg.available)
        app.log.info({ ffmpeg: ffmpeg.version }, 'conditioning: MP4 ad creatives are transcoded');
      else
        app.log.warn(
          `conditioning: ${ffmpeg.reason}: MP4 ad creatives are skipped until it is installed; HLS creatives play`,
        );
    }
    // Started once listening (the queue's first start creates its tables: seconds on PGlite).
    app.addHook('onReady', async () => {
      void conditioner.start();
    });
    app.addHook('preClose', async () => conditioner.stop());

    if (!opts.serveFiles) return;
    app.get<{ Params: { key: string; '*': string } }>(
      `${CREATIVES_PATH}/:key/*`,
      { schema: { hide: true }, config: { rateLimit: false } },
      async (request, reply) => {
        const { key } = request.params;
        const file = request.params['*'];
        if (!KEY.test(key) || !FILE.test(file)) throw notFound(`No conditioned creative file ${key}/${file}`);
        const path = join(conditioner.dirOf(key), file);
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile()) throw notFound(`No conditioned creative file ${key}/${file}`);
        return reply
          .type(TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream')
          .header('content-length', info.size)
          .header('access-control-allow-origin', '*')
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(createReadStream(path));
      },
    );
  },
);
