import {
  API_PATHS,
  errorResponseSchema,
  idParamsSchema,
  LIVE_STREAM_DEFAULTS,
  NAME_MAX_LENGTH,
  PLAYBACK_PATHS,
  PLAYOUT_ORIGIN_PATHS,
  PLAYOUT_TEXTS,
  type PlayoutChannel,
  type PlayoutSlot,
  playbackPath,
  playoutChannelResponseSchema,
  playoutChannelsResponseSchema,
  playoutOriginBase,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  channelProgramme,
  type ProgrammeSlot,
  programmeAt,
  streamerData,
  type VodMedia,
  vodMediaOf,
} from '../../edge/index.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { notFound } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  findLiveStreamBySource,
  findPlayoutChannel,
  findVodAssetsByIds,
  listPlayoutChannels,
  type PlayoutChannelRow,
  saveStarted,
  saveStopped,
} from '../../repositories/playout.ts';
import { findResource, nameTaken } from '../../repositories/resources.ts';
import { auditRequest } from '../../services/audit.ts';
import { createResource, writerOf } from '../../services/resources.ts';

/**
 * Main administrator (PLAYOUT=1): every customer's streamer channels as live channels. Start
 * records the start time and makes sure the channel has its live stream (the stitched playback),
 * stop clears it; now playing and next come from the same programme function as the origin's.
 */
export const playoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // PUBLIC_URL, as the data plane writes it (the console link is `${PUBLIC_URL}/app…`).
  const publicUrl = app.consoleLink('', {}).replace(/\/app\/?$/, '');
  const guard = requireNavigationEntry('playout', app.runtimeConfig, PLAYOUT_TEXTS.forbidden);
  const originUrl = (id: string) => `${playoutOriginBase(publicUrl, id)}master.m3u8`;

  async function assetsOf(db: DbOrTx, rows: readonly PlayoutChannelRow[]) {
    const ids = [...new Set(rows.flatMap((r) => streamerData(r.channel).items.map((i) => i.vodId)))];
    const assets = new Map<string, VodMedia & { customerId: string }>();
    for (const row of await findVodAssetsByIds(db, ids)) {
      const media = vodMediaOf(row);
      if (media) assets.set(row.id, { ...media, customerId: row.customerId });
    }
    return assets;
  }

  function dto(
    row: PlayoutChannelRow,
    allAssets: ReadonlyMap<string, VodMedia & { customerId: string }>,
    at: number,
  ): PlayoutChannel {
    const channel = streamerData(row.channel);
    // Only the channel's own customer's assets (a reference is checked on write; be sure anyway).
    const assets = new Map([...allAssets].filter(([, a]) => a.customerId === row.channel.customerId));
    const startedAt = row.state?.startedAt ?? null;
    const programme = channelProgramme(channel, assets, startedAt);
    const state = programme ? programmeAt(programme, at) : null;
    const slot = (s: ProgrammeSlot | null): PlayoutSlot | null =>
      s && programme
        ? {
            kind: s.kind,
            vodId: s.kind === 'item' ? programme.items[s.index]!.vodId : null,
            name: s.kind === 'item' ? programme.items[s.index]!.name : PLAYOUT_TEXTS.adBreak,
            startsAt: new Date(s.startMs).toISOString(),
            endsAt: new Date(s.endMs).toISOString(),
          }
        : null;
    const liveStreamId = row.state?.liveStreamId ?? null;
    return {
      _id: row.channel.id,
      name: channel.name,
      customerId: row.channel.customerId,
      customerName: row.customerName,
      mode: channel.mode,
      running: startedAt !== null,
      startedAt: startedAt?.toISOString() ?? null,
      startedBy: startedAt ? (row.state?.startedBy ?? null) : null,
      onAir: state?.onAir ?? false,
      now: slot(state?.now ?? null),
      next: slot(state?.next ?? null),
      liveStreamId,
      originUrl: originUrl(row.channel.id),
      playbackPath: liveStreamId ? playbackPath(PLAYBACK_PATHS.liveMaster, { streamId: liveStreamId }) : null,
    };
  }

  async function oneChannel(db: DbOrTx, id: string, at: number) {
    const row = await findPlayoutChannel(db, id);
    if (!row) throw notFound(PLAYOUT_TEXTS.notFound);
    return dto(row, await assetsOf(db, [row]), at);
  }

  /** The channel's live stream: the one recorded, else one of its customer on its origin, else a new one. */
  async function liveStreamFor(tx: DbOrTx, row: PlayoutChannelRow, auth: AuthContext): Promise<string> {
    const customerId = row.channel.customerId;
    const recorded = row.state?.liveStreamId;
    if (recorded && (await findResource(tx, 'liveStream', recorded, customerId))) return recorded;
    const source = playoutOriginBase(publicUrl, row.channel.id);
    const existing = await findLiveStreamBySource(tx, customerId, source);
    if (existing) return existing.id;
    const channelName = streamerData(row.channel).name;
    let name = '';
    for (let n = 1; ; n++) {
      const suffix = PLAYOUT_TEXTS.liveStreamName('', n);
      name = `${channelName.slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
      if (!(await nameTaken(tx, 'liveStream', customerId, name))) break;
    }
    const created = await createResource(
      tx,
      'liveStream',
      customerId,
      { ...LIVE_STREAM_DEFAULTS, name, sourceStreamUrl: source },
      writerOf(auth),
    );
    return created.id;
  }

  app.get(
    routePattern(API_PATHS.playout.channels),
    {
      onRequest: guard,
      schema: {
        tags: ['playout'],
        summary:
          'Main administrator (PLAYOUT=1): every customer’s streamer channels as live channels: running or stopped, now playing, next, origin and stitched playback URLs',
        security: [{ bearer: [] }],
        response: { 200: playoutChannelsResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const at = Date.now();
      const rows = await listPlayoutChannels(app.db);
      const assets = await assetsOf(app.db, rows);
      return { at: new Date(at).toISOString(), data: rows.map((row) => dto(row, assets, at)) };
    },
  );

  /**
   * One action on one channel, in a transaction with the channel's row locked (404 unknown),
   * audited; answers the channel as it is afterwards.
   */
  const action = (
    path: typeof API_PATHS.playout.start | typeof API_PATHS.playout.stop,
    summary: string,
    act: (tx: DbOrTx, row: PlayoutChannelRow, auth: AuthContext) => Promise<Record<string, unknown>>,
  ) =>
    app.post(
      routePattern(path),
      {
        onRequest: guard,
        schema: {
          tags: ['playout'],
          summary,
          security: [{ bearer: [] }],
          params: idParamsSchema,
          response: {
            200: playoutChannelResponseSchema,
            400: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const auth = request.auth!;
        const { id } = request.params;
        await app.db.transaction(async (tx) => {
          const row = await findPlayoutChannel(tx, id, true);
          if (!row) throw notFound(PLAYOUT_TEXTS.notFound);
          const details = await act(tx, row, auth);
          await auditRequest(tx, request, {
            action: path === API_PATHS.playout.start ? 'playout.start' : 'playout.stop',
            customerId: row.channel.customerId,
            target: id,
            details,
          });
        });
        const at = Date.now();
        return { at: new Date(at).toISOString(), channel: await oneChannel(app.db, id, at) };
      },
    );

  action(
    API_PATHS.playout.start,
    `Main administrator: start a streamer channel (idempotent): its origin ${PLAYOUT_ORIGIN_PATHS.master} plays, stitched by its live stream (created on the first start)`,
    async (tx, row, auth) => {
      const liveStreamId = await liveStreamFor(tx, row, auth);
      const saved = await saveStarted(tx, {
        channelId: row.channel.id,
        customerId: row.channel.customerId,
        startedAt: new Date(),
        startedBy: auth.signedInAdmin?.email ?? auth.user.email,
        liveStreamId,
      });
      return {
        liveStreamId,
        startedAt: saved.startedAt?.toISOString() ?? null,
        alreadyRunning: row.state?.startedAt != null,
      };
    },
  );

  action(
    API_PATHS.playout.stop,
    'Main administrator: stop a streamer channel (its origin then answers 404); its live stream is kept',
    async (tx, row) => {
      await saveStopped(tx, row.channel.id);
      return { wasRunning: row.state?.startedAt != null };
    },
  );
};
