import { VAST_ERROR, type VastIssue, type VastWarning } from './errors.ts';
import { parseVast, type VastAd, type VastCreative, type VastDocument, type VastMediaFile } from './parse.ts';
import type { Offset } from './time.ts';

/** Fetches a VAST tag. Return the body, or `{ status, body }` to let the resolver see HTTP errors. */
export type VastFetch = (
  url: string,
  info: { depth: number },
) => Promise<string | { status: number; body: string }>;

export interface ResolveOptions {
  fetch: VastFetch;
  /** Wrappers followed at most (IAB recommends 5). */
  maxDepth?: number;
  /** Parse each response strictly (see VastParseOptions); by default leniently, with warnings. */
  strict?: boolean;
}

/** An InLine ad with everything its wrapper chain added to it. */
export interface ResolvedAd {
  inline: VastAd;
  /** Outermost first. */
  wrappers: VastAd[];
  creative: VastCreative;
  /** Seconds. */
  duration: number;
  sequence?: number;
  impressions: string[];
  errorUrls: string[];
  /** Linear tracking URLs by event name, wrappers' first (progress events excluded). */
  tracking: Record<string, string[]>;
  progress: { offset: Offset; uri: string }[];
  clickThrough?: string;
  clickTracking: string[];
  skipOffset?: Offset;
  mediaFiles: VastMediaFile[];
}

export interface VastResolution {
  ads: ResolvedAd[];
  issues: VastIssue[];
  /** Deviations accepted along the chains, each with its response's depth and URL. */
  warnings: VastWarning[];
}

interface Chain {
  wrappers: VastAd[];
  visited: string[];
  allowMultipleAds: boolean;
  followAdditionalWrappers: boolean;
}

/** What stays the same over one resolution, and what it collects. */
interface Run {
  fetch: VastFetch;
  maxDepth: number;
  strict: boolean;
  issues: VastIssue[];
  warnings: VastWarning[];
}

/**
 * Resolves a VAST response through its wrapper chains, with a depth limit and loop detection.
 * Never rejects: every failure is a classified issue carrying the error URLs to notify.
 */
export async function resolveVast(
  source: { xml: string } | { url: string },
  options: ResolveOptions,
): Promise<VastResolution> {
  const run: Run = {
    fetch: options.fetch,
    maxDepth: options.maxDepth ?? 5,
    strict: options.strict === true,
    issues: [],
    warnings: [],
  };
  const root: Chain = { wrappers: [], visited: [], allowMultipleAds: true, followAdditionalWrappers: true };
  let xml: string;
  let url: string | undefined;
  if ('xml' in source) xml = source.xml;
  else {
    const fetched = await fetchTag(options.fetch, source.url, 0);
    if (!fetched.ok) {
      return {
        ads: [],
        issues: [{ code: VAST_ERROR.wrapperTimeout, message: fetched.message, errorUrls: [], depth: 0 }],
        warnings: [],
      };
    }
    xml = fetched.body;
    url = source.url;
    root.visited = [source.url];
  }
  const ads = await resolveDocument(xml, url, 0, root, run);
  return { ads, issues: run.issues, warnings: run.warnings };
}

async function fetchTag(
  fetch: VastFetch,
  url: string,
  depth: number,
): Promise<{ ok: true; body: string } | { ok: false; message: string }> {
  try {
    const r = await fetch(url, { depth });
    if (typeof r === 'string') return { ok: true, body: r };
    if (r.status >= 200 && r.status < 300) return { ok: true, body: r.body };
    if (r.status === 204) return { ok: true, body: '' };
    return { ok: false, message: `VAST request to ${url} failed with HTTP ${r.status}` };
  } catch (e) {
    return {
      ok: false,
      message: `VAST request to ${url} failed: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

function chainErrorUrls(chain: Chain): string[] {
  return chain.wrappers.flatMap((w) => w.errorUrls);
}

function selectAds(doc: VastDocument, chain: Chain, depth: number): VastAd[] {
  const pod = doc.ads.filter((a) => a.sequence !== undefined).sort((a, b) => a.sequence! - b.sequence!);
  if (depth > 0 && !chain.allowMultipleAds) {
    const single = doc.ads.find((a) => a.sequence === undefined) ?? doc.ads[0];
    return single ? [single] : [];
  }
  // A pod wins over stand-alone ads; without a pod the stand-alone ads are played in order.
  return pod.length > 0 ? pod : doc.ads;
}

/** `url`: where `xml` was fetched from (undefined for the response given to resolveVast). */
async function resolveDocument(
  xml: string,
  url: string | undefined,
  depth: number,
  chain: Chain,
  run: Run,
): Promise<ResolvedAd[]> {
  const { fetch, maxDepth, issues } = run;
  const parsed = parseVast(xml, { strict: run.strict });
  const inherited = chainErrorUrls(chain);
  if (!parsed.ok) {
    const code =
      parsed.issue.code === VAST_ERROR.noAdsAfterWrapper ? VAST_ERROR.noAdsAfterWrapper : parsed.issue.code;
    issues.push({ ...parsed.issue, code, errorUrls: [...inherited, ...parsed.issue.errorUrls], depth });
    return [];
  }
  for (const i of parsed.issues) issues.push({ ...i, errorUrls: [...inherited, ...i.errorUrls], depth });
  for (const w of parsed.warnings) {
    run.warnings.push(url === undefined ? { ...w, depth } : { ...w, depth, source: url });
  }
  const doc = parsed.document;
  const selected = selectAds(doc, chain, depth);
  if (selected.length === 0) {
    if (parsed.issues.length === 0) {
      issues.push({
        code: VAST_ERROR.noAdsAfterWrapper,
        message: depth > 0 ? 'no ads after one or more wrappers' : 'empty VAST response',
        errorUrls: [...inherited, ...doc.errorUrls],
        depth,
      });
    }
    return [];
  }
  const results = await Promise.all(
    selected.map(async (ad): Promise<ResolvedAd[]> => {
      if (ad.kind === 'inline') {
        const r = buildResolved(ad, chain.wrappers);
        if ('code' in r) {
          issues.push({ ...r, errorUrls: [...inherited, ...ad.errorUrls], depth });
          return [];
        }
        return [r];
      }
      const w = ad.wrapper!;
      const errorUrls = [...inherited, ...ad.errorUrls];
      if (!chain.followAdditionalWrappers) {
        issues.push({
          code: VAST_ERROR.generalWrapper,
          message: 'a wrapper said not to follow more wrappers',
          errorUrls,
          depth,
        });
        return [];
      }
      if (chain.visited.includes(w.adTagUri)) {
        issues.push({
          code: VAST_ERROR.wrapperLimit,
          message: `wrapper loop back to ${w.adTagUri}`,
          errorUrls,
          depth,
        });
        return [];
      }
      if (depth + 1 > maxDepth) {
        issues.push({
          code: VAST_ERROR.wrapperLimit,
          message: `wrapper limit of ${maxDepth} reached`,
          errorUrls,
          depth,
        });
        return [];
      }
      const fetched = await fetchTag(fetch, w.adTagUri, depth + 1);
      if (!fetched.ok) {
        issues.push({
          code: VAST_ERROR.wrapperTimeout,
          message: fetched.message,
          errorUrls,
          depth: depth + 1,
        });
        return [];
      }
      const next: Chain = {
        wrappers: [...chain.wrappers, ad],
        visited: [...chain.visited, w.adTagUri],
        allowMultipleAds: w.allowMultipleAds,
        followAdditionalWrappers: w.followAdditionalWrappers,
      };
      return resolveDocument(fetched.body, w.adTagUri, depth + 1, next, run);
    }),
  );
  const ads = results.flat();
  // Keep the pod order of the outermost response.
  return ads;
}

function buildResolved(
  inline: VastAd,
  wrappers: VastAd[],
): ResolvedAd | Omit<VastIssue, 'depth' | 'errorUrls'> {
  const creative = inline.creatives.find((c) => c.linear !== undefined);
  if (!creative?.linear) {
    return { code: VAST_ERROR.unexpectedLinearity, message: 'the ad has no linear creative' };
  }
  const linear = creative.linear;
  if (linear.duration === undefined || linear.duration <= 0) {
    return { code: VAST_ERROR.unexpectedDuration, message: 'the linear creative has no positive duration' };
  }
  if (linear.mediaFiles.length === 0) {
    // Nothing to play (an empty <MediaFiles>, or only a <Mezzanine> to transcode).
    return { code: VAST_ERROR.noSupportedMedia, message: 'the linear creative has no media files' };
  }
  const tracking: Record<string, string[]> = {};
  const progress: ResolvedAd['progress'] = [];
  const clickTracking: string[] = [];
  const impressions: string[] = [];
  const errorUrls: string[] = [];
  for (const ad of [...wrappers, inline]) {
    impressions.push(...ad.impressions);
    errorUrls.push(...ad.errorUrls);
    for (const c of ad.creatives) {
      if (!c.linear) continue;
      for (const t of c.linear.trackingEvents) {
        if (t.event === 'progress' && t.offset) progress.push({ offset: t.offset, uri: t.uri });
        else {
          const list = tracking[t.event] ?? [];
          list.push(t.uri);
          tracking[t.event] = list;
        }
      }
      clickTracking.push(...c.linear.clickTracking);
    }
  }
  const r: ResolvedAd = {
    inline,
    wrappers,
    creative,
    duration: linear.duration,
    impressions,
    errorUrls,
    tracking,
    progress,
    clickTracking,
    mediaFiles: linear.mediaFiles,
  };
  if (inline.sequence !== undefined) r.sequence = inline.sequence;
  if (linear.clickThrough !== undefined) r.clickThrough = linear.clickThrough;
  if (linear.skipOffset !== undefined) r.skipOffset = linear.skipOffset;
  return r;
}
