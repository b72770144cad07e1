/**
 * The ad decision of one avail for one viewer: which ads, in which order. Taken once per avail
 * and stored in the viewer's session, because the stitcher asks for an avail's plan on every
 * refresh and every rendition and must get the same ads each time.
 *
 * External decision: the stream's VAST URL with its macros expanded is resolved (wrappers
 * followed), and each ad is kept when it has an HLS creative whose playlists load, up to the
 * stream's pod length and the avail's duration; every HLS MediaFile that loads is kept, for each
 * content rendition to take the nearest of all their renditions (creatives.ts). An ad with only
 * progressive files (MP4) is conditioned into HLS first, in MPEG-TS and fMP4 (conditioning/): it
 * is skipped, with the reason, until one is ready.
 * Internal decision (a live stream's, or a VOD asset's that names a bundle): the built-in ad server
 * (ads/) draws the avail's bundle and source; a campaigns source is decided there, from the
 * account's campaigns within the bundle's pod template, and a VAST, VMAP or exchange source is
 * resolved here like an external tag.
 * A live stream's Ad exchange value and Advanced config pairs reach every ad request it makes, its
 * own tag's or a bundle's (ad-request-params.ts: [AD_EXCHANGE_VALUE], [config.<name>], and the
 * pairs no macro names appended as query parameters); the built-in ad server's campaigns take no
 * URL, so they do not read them.
 */
import { randomUUID } from 'node:crypto';
import type { AdCandidate, SkipReason } from '@cuepoint/core';
import {
  cacheBuster,
  errorBeacons,
  expandMacros,
  type MacroValues,
  type ResolvedAd,
  resolveVast,
  trackingFromResolvedAd,
  VAST_ERROR,
  type VastIssue,
  vastTimestamp,
} from '@cuepoint/stitcher';
import { VERSION } from '../../version.ts';
import type { PlaybackDemand, PlaybackDemandRequest } from '../ads/playback.ts';
import { type Conditioner, ladderOf } from '../conditioning/conditioner.ts';
import type { Container, Rung } from '../conditioning/ffmpeg.ts';
import { type AdRequestParams, applyConfigParams, readAdRequestParams } from './ad-request-params.ts';
import type { Creatives } from './creatives.ts';
import type { AvailRecord, CreativePlaylist, DecidedAd } from './sessions.ts';

export interface AvailToDecide {
  id: string;
  /** Seconds to fill, when the markers say. */
  duration?: number | undefined;
  /** VAST 4.1 BREAKPOSITION: 1 a pre-roll, 2 a mid-roll (every live avail), 3 a post-roll. */
  position?: 1 | 2 | 3;
  /** Seconds until the break plays, when it is decided ahead (a VOD asset's mid-rolls). */
  startsIn?: number | undefined;
}

/** Where an avail's ads come from: a live stream's datasource, or a VOD asset's ad tag. */
export interface AdSource {
  adDecision: 'internal' | 'external';
  vastUrl: string;
  /** Ads per avail at most. */
  adpodLength: number;
  /** What the source is called in notes ('stream', 'asset'). */
  owner?: string;
  /** Internal decision: the stream or asset whose bundles the built-in ad server draws from. */
  resource?: PlaybackDemandRequest['resource'];
  /** A live stream's Ad exchange value: [AD_EXCHANGE_VALUE] in its ad requests. */
  adExchangeValue?: unknown;
  /** A live stream's Advanced config (JSON text or object): [config.<name>] and appended pairs. */
  advancedConfig?: unknown;
}

export interface Viewer {
  address?: string | undefined;
  userAgent?: string | undefined;
}

export interface DecisionDeps {
  /** GETs a VAST URL under the data plane's policy (safeFetchText), with the viewer's headers. */
  fetchVast: (
    url: string,
    headers: Record<string, string>,
    signal: AbortSignal,
  ) => Promise<{ status: number; body: string }>;
  creatives: Creatives;
  now: () => number;
  random: () => number;
  maxDepth: number;
  /** Conditions MP4 creatives into HLS; without one, an MP4-only ad is skipped. */
  conditioner?: Conditioner | undefined;
  /**
   * The built-in ad server's demand of an avail (ads/playback.ts decideFromCampaigns); without it
   * (a process that serves no edge), an internal decision has no ads.
   */
  campaigns?: ((request: PlaybackDemandRequest) => Promise<PlaybackDemand>) | undefined;
}

export interface Decision {
  ads: DecidedAd[];
  /** Why ads were left out, or why there are none. */
  notes: string[];
  /** The ad request as sent (macros expanded) and how long its answer took, wrappers included. */
  request?: { url: string; latencyMs: number };
  /** Every ad the answer offered: placed, or skipped with the reason (the break's diagnostics). */
  candidates?: AdCandidate[];
  /** Why the break got no ads, or fewer than offered. */
  reason?: SkipReason;
  /**
   * The VAST Error URLs to notify (ERRORCODE filled in): of the answer's failures (wrappers,
   * time-outs, parse errors) and of the ads that could not be played (no usable media file).
   */
  errorUrls?: string[];
}

/** VAST error codes of an ad left out because it could not be played (not for fit or pod size). */
const UNPLAYABLE: Partial<Record<SkipReason, number>> = {
  'not-conditioned': VAST_ERROR.noSupportedMedia,
  'creative-failed': VAST_ERROR.fileNotFound,
};

/** The reason code of a failed ad request, from its first VAST issue. */
function issueReason(issue: VastIssue | undefined): SkipReason {
  if (!issue) return 'empty';
  // 301 is "unavailable or timed out": only the second is a time-out.
  if (issue.code === VAST_ERROR.wrapperTimeout)
    return /in time|timed? ?out|aborted/i.test(issue.message) ? 'timeout' : 'vast-error';
  if (issue.code === VAST_ERROR.wrapperLimit) return 'wrapper-depth';
  if (issue.code === VAST_ERROR.noAdsAfterWrapper) return 'empty';
  return 'vast-error';
}

/** A creative's declared duration is rounded in VAST: this much over the avail still fits. */
const FIT_TOLERANCE_S = 0.5;
const MAX_NOTES = 20;
/** Candidates one decision reports at most (its event, not the session, keeps them). */
const MAX_CANDIDATES = 50;
const HLS_TYPES = /^application\/(x-mpegurl|vnd\.apple\.mpegurl)$/i;

const NO_PARAMS: AdRequestParams = { exchangeValue: '', pairs: new Map(), notes: [] };

/** What an ad request's macros are filled from; `params`: the stream's own (none by default). */
interface AdRequestValues {
  sessionId: string;
  viewer: Viewer;
  avail: AvailToDecide;
  podLength: number;
  params?: AdRequestParams;
}

/** The VAST URL with its macros expanded (vastRequestUrl). */
export function vastRequestUrl(
  template: string,
  values: AdRequestValues,
  deps: Pick<DecisionDeps, 'now' | 'random'>,
): string {
  return adRequestOf(template, values, deps).url;
}

/**
 * The ad request of a VAST URL, and what its notes say of it. Its macros: the VAST 4.1 ones the
 * stitcher's expandMacros knows (and DEVICEIP, BREAKMAXDURATION, BREAKMAXADS, which it expands
 * when given), Cuepoint's [SESSION_ID], [AVAIL_DURATION] and [AD_EXCHANGE_VALUE], MediaTailor's
 * [session.id], [session.avail_duration_secs], [session.client_ip] and [session.user_agent] for
 * tags written for it (and [session.ad_exchange_value] in their style), and the stream's
 * [config.<name>]; its Advanced config pairs no macro names are appended (ad-request-params.ts).
 * An unknown upper-case macro becomes -2 (VAST), an unknown [session.…] or [config.…] stays.
 */
export function adRequestOf(
  template: string,
  values: AdRequestValues,
  deps: Pick<DecisionDeps, 'now' | 'random'>,
): { url: string; notes: string[] } {
  const params = values.params ?? NO_PARAMS;
  const configured = applyConfigParams(template, params);
  const duration = values.avail.duration === undefined ? undefined : Math.round(values.avail.duration);
  const mediaTailor: Record<string, string | number | undefined> = {
    'session.id': values.sessionId,
    'session.avail_duration_secs': duration,
    'session.client_ip': values.viewer.address,
    'session.user_agent': values.viewer.userAgent,
    'session.ad_exchange_value': params.exchangeValue,
  };
  const withMediaTailor = configured.url.replace(/\[(session\.[a-z_]+)\]/g, (whole, name: string) => {
    if (!(name in mediaTailor)) return whole;
    const value = mediaTailor[name];
    return value === undefined ? '' : encodeURIComponent(String(value));
  });
  const macros: MacroValues = {
    CACHEBUSTING: cacheBuster(deps.random),
    TIMESTAMP: vastTimestamp(deps.now()),
    DEVICEUA: values.viewer.userAgent,
    DEVICEIP: values.viewer.address,
    SERVERUA: `Cuepoint/${VERSION}`,
    BREAKPOSITION: values.avail.position ?? 2,
    ADTYPE: 'video',
    TRANSACTIONID: randomUUID(),
    BREAKMAXDURATION: duration,
    BREAKMAXADS: values.podLength,
    SESSION_ID: values.sessionId,
    AVAIL_DURATION: duration,
    AD_EXCHANGE_VALUE: params.exchangeValue,
  };
  return { url: expandMacros(withMediaTailor, macros), notes: [...params.notes, ...configured.notes] };
}

/** The ad's MP4 media file (the first one), if it has one: what conditioning transcodes. */
function mp4MediaFile(ad: ResolvedAd): string | undefined {
  const mp4 = ad.mediaFiles.find(
    (m) => /^video\/mp4$/i.test(m.type.trim()) || (m.type.trim() === '' && /\.mp4(\?|$)/i.test(m.uri)),
  );
  return mp4?.uri.trim();
}

/** The containers an MP4 is conditioned into: TS first (a content of unknown container takes it). */
const CONTAINERS: readonly Container[] = ['ts', 'fmp4'];

/**
 * The HLS playlists an ad is stitched from, or why it is skipped: its own HLS media files, else
 * its MP4 conditioned for the viewer's ladder, in MPEG-TS and fMP4 (the first time, queued:
 * skipped until one is ready; each content rendition takes the one of its own container).
 */
async function creativeOf(
  ad: ResolvedAd,
  ladder: readonly Rung[],
  deps: DecisionDeps,
): Promise<{ playlists: CreativePlaylist[] } | { skip: string; reason?: SkipReason }> {
  const hls = hlsMediaFiles(ad);
  if (hls.length > 0) return { playlists: hls };
  const mp4 = mp4MediaFile(ad);
  if (mp4 === undefined || !deps.conditioner) {
    const types = [...new Set(ad.mediaFiles.map((m) => m.type || 'no type'))].join(', ') || 'no media files';
    return { skip: `needs transcoding (no HLS media file; it has ${types})` };
  }
  const conditioner = deps.conditioner;
  try {
    const [ts, fmp4] = await Promise.all(CONTAINERS.map((c) => conditioner.lookup(mp4, ladder, c)));
    const ready = [ts, fmp4].flatMap((found) =>
      found?.state === 'ready' ? [{ url: found.playlistUrl }] : [],
    );
    if (ready.length > 0) return { playlists: ready };
    // Nothing ready yet: the TS set's state says why (the one the console shows).
    const found = ts!;
    if (found.state === 'failed')
      return { skip: `its MP4 could not be conditioned: ${found.reason}`, reason: 'creative-failed' };
    if (found.state === 'queued' || found.state === 'ready')
      return { skip: 'its MP4 is being conditioned into HLS (queued): it plays once ready' };
    return { skip: `needs transcoding, and ${found.reason}` };
  } catch (error) {
    return {
      skip: `its conditioning state is unknown: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** HLS playlists one ad keeps at most (the viewer's session keeps them). */
const MAX_PLAYLISTS = 8;

/**
 * The ad's HLS media files, in their order (each URL once), with the size and bitrate each
 * declares: every content rendition chooses among all of them (creatives.ts).
 */
function hlsMediaFiles(ad: ResolvedAd): CreativePlaylist[] {
  const out: CreativePlaylist[] = [];
  for (const m of ad.mediaFiles) {
    const url = m.uri.trim();
    if (!(HLS_TYPES.test(m.type.trim()) || (m.type.trim() === '' && /\.m3u8(\?|$)/i.test(url)))) continue;
    if (out.some((p) => p.url === url)) continue;
    const playlist: CreativePlaylist = { url };
    if (m.width > 0 && m.height > 0) Object.assign(playlist, { width: m.width, height: m.height });
    // VAST's bitrate is in kbps; a stream's may be given as a range only.
    const kbps =
      m.bitrate ??
      (m.minBitrate !== undefined && m.maxBitrate !== undefined
        ? (m.minBitrate + m.maxBitrate) / 2
        : undefined);
    if (kbps !== undefined && kbps > 0) playlist.bandwidth = Math.round(kbps * 1000);
    out.push(playlist);
    if (out.length >= MAX_PLAYLISTS) break;
  }
  return out;
}

/** What a decided ad keeps of its playlists: the first as its URL, all of them when several. */
function decidedPlaylists(
  playlists: readonly CreativePlaylist[],
): Pick<DecidedAd, 'playlistUrl' | 'playlists'> {
  return playlists.length > 1
    ? { playlistUrl: playlists[0]!.url, playlists: [...playlists] }
    : { playlistUrl: playlists[0]!.url };
}

const adName = (ad: ResolvedAd, index: number) => `ad ${ad.inline.id ?? `#${index + 1}`}`;

export async function decideAvail(
  stream: AdSource,
  request: { sessionId: string; viewer: Viewer; avail: AvailToDecide; ladder?: readonly Rung[] },
  deps: DecisionDeps,
  signal: AbortSignal,
): Promise<Decision> {
  if (stream.adDecision === 'internal') return decideInternal(stream, request, deps, signal);
  return decideExternal(stream, request, deps, signal);
}

/** An avail without markers that say its length is asked of the built-in ad server as this long. */
export const INTERNAL_DEFAULT_AVAIL_S = 60;
const POSITIONS = { 1: 'pre', 2: 'mid', 3: 'post' } as const;

/**
 * An internal decision: the built-in ad server's campaigns (each creative's HLS checked, and its
 * MP4 conditioned for the viewer's ladder when it has one), or the bundle's tag resolved as an
 * external decision.
 */
async function decideInternal(
  source: AdSource,
  request: { sessionId: string; viewer: Viewer; avail: AvailToDecide; ladder?: readonly Rung[] },
  deps: DecisionDeps,
  signal: AbortSignal,
): Promise<Decision> {
  if (!deps.campaigns || !source.resource)
    return {
      ads: [],
      reason: 'no-demand',
      candidates: [],
      notes: ['internal ad decision: the built-in ad server does not serve here: no ads'],
    };
  const started = performance.now();
  const demand = await deps.campaigns({
    resource: source.resource,
    position: POSITIONS[request.avail.position ?? 2],
    duration: request.avail.duration ?? INTERNAL_DEFAULT_AVAIL_S,
    // Frequency caps count per viewer session, as MediaTailor's session id does.
    viewer: { address: request.viewer.address, userAgent: request.viewer.userAgent, key: request.sessionId },
    random: deps.random,
    startsIn: request.avail.startsIn,
  });
  if (demand.kind === 'none') return { ads: [], reason: demand.reason, candidates: [], notes: demand.notes };
  if (demand.kind === 'tag') {
    const external = await decideExternal(
      { ...source, adDecision: 'external', vastUrl: demand.url },
      request,
      deps,
      signal,
    );
    return { ...external, notes: [...demand.notes, ...external.notes].slice(0, MAX_NOTES) };
  }
  const ladder = request.ladder ?? ladderOf([]);
  const notes = [...demand.notes];
  const candidates: AdCandidate[] = demand.candidates.filter((c) => !c.chosen);
  const checked = await Promise.all(
    demand.ads.map(async (ad) => {
      let playlists: CreativePlaylist[] = [{ url: ad.playlistUrl }];
      // The ad server's playlist is the default ladder's (TS); the viewer's own are used once
      // ready, and the fMP4 set beside the TS one.
      const conditioner = deps.conditioner;
      if (ad.progressive && conditioner) {
        const progressive = ad.progressive.url;
        const found = await Promise.all(
          CONTAINERS.map((c) =>
            request.ladder || c === 'fmp4'
              ? conditioner.lookup(progressive, ladder, c).catch(() => undefined)
              : undefined,
          ),
        );
        const ts = found[0]?.state === 'ready' ? found[0].playlistUrl : ad.playlistUrl;
        const fmp4 = found[1]?.state === 'ready' ? [{ url: found[1].playlistUrl }] : [];
        playlists = [{ url: ts }, ...fmp4];
      }
      const outcome = await deps.creatives.check(playlists).then(
        (loaded) => ({ loaded, failure: undefined }),
        (error: unknown) => ({ loaded: [], failure: error instanceof Error ? error.message : String(error) }),
      );
      return { ad, ...outcome };
    }),
  );
  // Too late to be played (decideAvails gave up on it): every reserved ad is given back.
  if (signal.aborted) {
    await demand.release?.(demand.ads.map((ad) => ad.campaignId)).catch(() => undefined);
    return { ads: [], reason: 'timeout', candidates: [], notes: demand.notes };
  }
  const ads: DecidedAd[] = [];
  const dropped: string[] = [];
  for (const { ad, loaded, failure } of checked) {
    const candidate = { id: `${ad.campaignId}/${ad.creativeId}`, title: ad.title, duration: ad.duration };
    if (failure !== undefined) {
      dropped.push(ad.campaignId);
      const detail = `its HLS creative did not load (${failure})`;
      notes.push(`ad ${ad.title} skipped: ${detail}`);
      candidates.push({ ...candidate, chosen: false, reason: 'creative-failed', detail });
      continue;
    }
    candidates.push({ ...candidate, chosen: true, reason: null, detail: null });
    ads.push({
      id: ad.id,
      vastAdId: ad.vastAdId,
      creativeId: ad.creativeId,
      title: ad.title,
      duration: ad.duration,
      ...decidedPlaylists(loaded),
      tracking: ad.tracking,
    });
  }
  // A dropped ad was reserved as served: given back (not served, holding nothing).
  if (dropped.length > 0)
    await demand.release?.(dropped).catch((error: unknown) => {
      notes.push(
        `the ad server's reservation was not given back: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  const reason = demand.reason ?? candidates.find((c) => !c.chosen)?.reason ?? undefined;
  return {
    ads,
    notes: notes.slice(0, MAX_NOTES),
    request: { url: 'built-in ad server', latencyMs: Math.round(performance.now() - started) },
    candidates: candidates.slice(0, MAX_CANDIDATES),
    ...(reason ? { reason } : {}),
  };
}

/** An external decision: the source's VAST URL, macros expanded, resolved and its ads checked. */
async function decideExternal(
  stream: AdSource,
  request: { sessionId: string; viewer: Viewer; avail: AvailToDecide; ladder?: readonly Rung[] },
  deps: DecisionDeps,
  signal: AbortSignal,
): Promise<Decision> {
  if (stream.vastUrl.trim() === '')
    return {
      ads: [],
      reason: 'no-ad-source',
      candidates: [],
      notes: [`the ${stream.owner ?? 'stream'} has no VAST URL: no ads`],
    };

  const params = readAdRequestParams(stream);
  const { url, notes: requestNotes } = adRequestOf(
    stream.vastUrl.trim(),
    { ...request, podLength: stream.adpodLength, params },
    deps,
  );
  const headers: Record<string, string> = { accept: 'application/xml, text/xml, */*' };
  // As MediaTailor does: the ad server sees the viewer, not the stitcher.
  if (request.viewer.userAgent) headers['user-agent'] = request.viewer.userAgent;
  if (request.viewer.address) headers['x-forwarded-for'] = request.viewer.address;
  const started = performance.now();
  const resolution = await resolveVast(
    { url },
    { fetch: (tagUrl) => deps.fetchVast(tagUrl, headers, signal), maxDepth: deps.maxDepth },
  );
  const sent = { url, latencyMs: Math.round(performance.now() - started) };
  const issues = resolution.issues.map((issue) => `VAST error ${issue.code}: ${issue.message}`);
  if (resolution.ads.length === 0 && issues.length === 0) issues.push('the ad server answered no ads');
  const notes = [...requestNotes, ...issues];

  // Every creative is found (conditioned MP4s looked up) and its HLS checked at once (fetched
  // into the cache for the renditions to come).
  const ladder = request.ladder ?? ladderOf([]);
  type Candidate =
    | { ad: ResolvedAd; playlists: CreativePlaylist[] }
    | { ad: ResolvedAd; skip: string; reason: SkipReason };
  const candidates = await Promise.all(
    resolution.ads.map(async (ad): Promise<Candidate> => {
      const creative = await creativeOf(ad, ladder, deps);
      if ('skip' in creative) {
        const reason: SkipReason = creative.reason ?? 'not-conditioned';
        return { ad, skip: creative.skip, reason };
      }
      // The playlists that load are kept (each checked); none: the ad is skipped.
      return deps.creatives.check(creative.playlists).then(
        (playlists): Candidate => ({ ad, playlists }),
        (error: unknown): Candidate => ({
          ad,
          skip: `its HLS creative did not load (${error instanceof Error ? error.message : String(error)})`,
          reason: 'creative-failed',
        }),
      );
    }),
  );

  const ads: DecidedAd[] = [];
  const offered: AdCandidate[] = [];
  let filled = 0;
  const skip = (ad: ResolvedAd, index: number, reason: SkipReason, detail: string) => {
    notes.push(`${adName(ad, index)} skipped: ${detail}`);
    offered.push({ ...candidateOf(ad, index), chosen: false, reason, detail });
  };
  for (const [index, candidate] of candidates.entries()) {
    const { ad } = candidate;
    if ('skip' in candidate) {
      skip(ad, index, candidate.reason, candidate.skip);
      continue;
    }
    const { playlists } = candidate;
    if (ads.length >= stream.adpodLength) {
      skip(ad, index, 'pod-full', `the pod is full (ad pod length ${stream.adpodLength})`);
      continue;
    }
    const duration = request.avail.duration;
    if (duration !== undefined && filled + ad.duration > duration + FIT_TOLERANCE_S) {
      skip(
        ad,
        index,
        'duration',
        `${ad.duration}s does not fit the ${duration}s avail after ${filled}s of ads`,
      );
      continue;
    }
    filled += ad.duration;
    offered.push({ ...candidateOf(ad, index), chosen: true, reason: null, detail: null });
    const decided: DecidedAd = {
      // Unique in the avail (a pod may repeat an ad id), short: the viewer state keeps it.
      id: `${index + 1}-${ad.inline.id ?? 'ad'}`.slice(0, 48),
      duration: ad.duration,
      ...decidedPlaylists(playlists),
      tracking: trackingFromResolvedAd(ad),
    };
    if (ad.inline.id !== undefined) decided.vastAdId = ad.inline.id;
    const creativeId = ad.creative.id ?? ad.creative.adId;
    if (creativeId !== undefined) decided.creativeId = creativeId;
    if (ad.inline.adTitle !== undefined) decided.title = ad.inline.adTitle;
    ads.push(decided);
  }
  const context = { now: deps.now(), random: deps.random };
  const errorUrls = [
    ...resolution.issues.flatMap((issue) => errorBeacons(issue.errorUrls, issue.code, context)),
    ...candidates.flatMap((candidate) => {
      const code = 'skip' in candidate ? UNPLAYABLE[candidate.reason] : undefined;
      return code === undefined ? [] : errorBeacons(candidate.ad.errorUrls, code, context);
    }),
  ];
  const firstSkipped = offered.find((c) => !c.chosen)?.reason ?? undefined;
  const reason: SkipReason | undefined =
    resolution.ads.length === 0 ? issueReason(resolution.issues[0]) : (firstSkipped ?? undefined);
  // Kept in the viewer's session: a pod of fifty broken ads must not make it large.
  return {
    ads,
    notes: notes.slice(0, MAX_NOTES),
    request: sent,
    candidates: offered.slice(0, MAX_CANDIDATES),
    ...(reason ? { reason } : {}),
    ...(errorUrls.length > 0 ? { errorUrls: errorUrls.slice(0, MAX_CANDIDATES) } : {}),
  };
}

const candidateOf = (ad: ResolvedAd, index: number) => ({
  id: ad.inline.id ?? `#${index + 1}`,
  title: ad.inline.adTitle ?? null,
  duration: Number.isFinite(ad.duration) ? ad.duration : null,
});

/**
 * The decisions of several avails of one viewer, all at once within one budget: an avail not
 * decided in time gets `undefined` (its request is aborted; the answer would come too late to be
 * used), one whose decision failed gets no ads with the reason noted.
 */
export async function decideAvails(
  source: AdSource,
  request: { sessionId: string; viewer: Viewer; ladder?: readonly Rung[] },
  avails: readonly AvailToDecide[],
  deps: DecisionDeps,
  budgetMs: number,
): Promise<(Decision | undefined)[]> {
  if (avails.length === 0) return [];
  const controller = new AbortController();
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, budgetMs);
    controller.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  const decisions = await Promise.all(
    avails.map((avail) => {
      const decision = decideAvail(source, { ...request, avail }, deps, controller.signal).catch(
        (error: unknown): Decision => ({
          ads: [],
          reason: 'vast-error',
          notes: [`the ad decision failed: ${error instanceof Error ? error.message : String(error)}`],
        }),
      );
      return Promise.race([decision, late]);
    }),
  );
  // Whatever is still under way stops here.
  controller.abort();
  return decisions;
}

/** The session's record of an avail's decision; `lateNote` says what a late one plays. */
export function availRecord(id: string, decision: Decision | undefined, lateNote: string): AvailRecord {
  return decision
    ? { id, decision: 'ready', ads: decision.ads, notes: decision.notes, placed: [], adStarts: {} }
    : { id, decision: 'late', ads: [], notes: [lateNote], placed: [], adStarts: {} };
}
