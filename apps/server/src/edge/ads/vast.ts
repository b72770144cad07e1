/**
 * The built-in ad server's answers: VAST 4.2 (one InLine ad per pod slot, in sequence) and VMAP
 * 1.0 (a stream's or asset's breaks, each with its pod as inline VAST 4.2). Elements are written in
 * the order the IAB's VAST 4.2 schema requires (the tests validate every answer against it): URLs
 * in CDATA sections, every other value XML-escaped.
 */
import type { CampaignDecision } from './decision.ts';

export const VAST_VERSION = '4.2';
export const VAST_NAMESPACE = 'http://www.iab.com/VAST';
export const VMAP_NAMESPACE = 'http://www.iab.net/videosuite/vmap';
export const AD_SYSTEM = 'Cuepoint';
/** A nominal size for HLS media files whose renditions the answer does not list (VAST requires one). */
const NOMINAL = { width: 640, height: 360 } as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Characters XML 1.0 cannot carry, dropped from everything written. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 refuses these code points.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** Text and attribute values. */
export const xml = (value: string) => value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
/**
 * A URL as CDATA, serialized as a URL parser does (characters an xs:anyURI may not hold, such as
 * spaces, quotes and angle brackets, percent-encoded); "]]>" split across two sections should any
 * remain. A third party's VAST macros ([CACHEBUSTING]) keep their square brackets, as players
 * expect them: XSD's anyURI admits them (escaped per XLink), though libxml2's stricter check does not.
 */
export const cdata = (value: string) => {
  let uri = value.replace(NOT_XML, '').trim();
  try {
    uri = new URL(uri).href;
  } catch {
    // Not an absolute URL: written as given.
  }
  return `<![CDATA[${uri.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
};

/** VAST's HH:MM:SS.mmm. */
export function vastClock(totalSeconds: number): string {
  const ms = Math.max(0, Math.round(totalSeconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

export interface VastMediaFile {
  url: string;
  delivery: 'streaming' | 'progressive';
  type: string;
  width?: number;
  height?: number;
}

export interface VastAd {
  /** The Ad element's id. */
  id: string;
  sequence: number;
  title: string;
  advertiser: string;
  /** Unique per InLine (AdServingId). */
  servingId: string;
  impressionUrls: readonly string[];
  creative: {
    id: string;
    universalAdId: { registry: string; value: string };
    duration: number;
    tracking: readonly { event: string; url: string }[];
    clickThrough: string;
    clickTracking: readonly string[];
    mediaFiles: readonly VastMediaFile[];
  };
}

/** The linear tracking events of VAST 4.2 a creative's third-party URLs may name. */
const LINEAR_EVENTS = new Set(['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']);

function mediaFile(file: VastMediaFile): string {
  const width = file.width ?? NOMINAL.width;
  const height = file.height ?? NOMINAL.height;
  return `<MediaFile delivery="${file.delivery}" type="${xml(file.type)}" width="${width}" height="${height}">${cdata(file.url)}</MediaFile>`;
}

function inlineAd(ad: VastAd): string {
  const c = ad.creative;
  const tracking = c.tracking.filter((t) => LINEAR_EVENTS.has(t.event));
  const clicks =
    c.clickTracking.length > 0 || c.clickThrough !== ''
      ? `<VideoClicks>${c.clickTracking.map((url) => `<ClickTracking>${cdata(url)}</ClickTracking>`).join('')}${
          c.clickThrough !== '' ? `<ClickThrough>${cdata(c.clickThrough)}</ClickThrough>` : ''
        }</VideoClicks>`
      : '';
  return (
    `<Ad id="${xml(ad.id)}" sequence="${ad.sequence}"><InLine>` +
    `<AdSystem version="${VAST_VERSION}">${AD_SYSTEM}</AdSystem>` +
    ad.impressionUrls
      .map((url, i) => `<Impression id="${xml(`${ad.servingId}-${i + 1}`)}">${cdata(url)}</Impression>`)
      .join('') +
    `<AdServingId>${xml(ad.servingId)}</AdServingId>` +
    `<AdTitle>${xml(ad.title)}</AdTitle>` +
    (ad.advertiser !== '' ? `<Advertiser>${xml(ad.advertiser)}</Advertiser>` : '') +
    `<Creatives><Creative id="${xml(c.id)}" sequence="1">` +
    '<Linear>' +
    (tracking.length > 0
      ? `<TrackingEvents>${tracking.map((t) => `<Tracking event="${t.event}">${cdata(t.url)}</Tracking>`).join('')}</TrackingEvents>`
      : '') +
    `<Duration>${vastClock(c.duration)}</Duration>` +
    `<MediaFiles>${c.mediaFiles.map(mediaFile).join('')}</MediaFiles>` +
    clicks +
    '</Linear>' +
    // After Linear: the current VAST 4.2 schema orders a Creative's children as a sequence (its
    // earlier revision, an xs:all, admits any order).
    `<UniversalAdId idRegistry="${xml(c.universalAdId.registry || 'unknown')}">${xml(c.universalAdId.value || 'unknown')}</UniversalAdId>` +
    '</Creative></Creatives></InLine></Ad>'
  );
}

/** The VAST element of a pod (no XML declaration: VMAP embeds it). */
export function vastElement(ads: readonly VastAd[]): string {
  if (ads.length === 0) return `<VAST version="${VAST_VERSION}" xmlns="${VAST_NAMESPACE}"/>`;
  return `<VAST version="${VAST_VERSION}" xmlns="${VAST_NAMESPACE}">${ads.map(inlineAd).join('')}</VAST>`;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A VAST 4.2 document: the pod's ads, or the empty answer (no Ad element). */
export function vastDocument(ads: readonly VastAd[]): string {
  return `${DECLARATION}${vastElement(ads)}\n`;
}

/**
 * The answer to a request the ad server cannot read: a VAST 4.2 document without ads whose root
 * `<Error>` holds the reason as text (players and SSAIs read VAST, not a JSON problem). The Error
 * of VAST is a URI to notify; this one is no URL, so a player that requests it reaches nothing.
 */
export function vastErrorDocument(message: string): string {
  const text = message.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>');
  return `${DECLARATION}<VAST version="${VAST_VERSION}" xmlns="${VAST_NAMESPACE}"><Error><![CDATA[${text}]]></Error></VAST>\n`;
}

export interface VmapBreak {
  /** 'start', 'end', or HH:MM:SS.mmm. */
  timeOffset: string;
  breakId: string;
  ads: readonly VastAd[];
}

/** A VMAP 1.0 document: one AdBreak per break that has ads, its pod inline as VAST 4.2. */
export function vmapDocument(breaks: readonly VmapBreak[]): string {
  const body = breaks
    .filter((b) => b.ads.length > 0)
    .map(
      (b, i) =>
        `<vmap:AdBreak timeOffset="${xml(b.timeOffset)}" breakType="linear" breakId="${xml(b.breakId)}">` +
        `<vmap:AdSource id="${i + 1}" allowMultipleAds="true" followRedirects="true">` +
        `<vmap:VASTAdData>${vastElement(b.ads)}</vmap:VASTAdData>` +
        '</vmap:AdSource></vmap:AdBreak>',
    )
    .join('');
  return `${DECLARATION}<vmap:VMAP xmlns:vmap="${VMAP_NAMESPACE}" version="1.0">${body}</vmap:VMAP>\n`;
}

/** The VAST ads of a decided pod. */
export function vastAdsOf(decision: CampaignDecision): VastAd[] {
  return decision.ads.map((ad) => {
    const mediaFiles: VastMediaFile[] = [
      { url: ad.playlistUrl, delivery: 'streaming', type: 'application/x-mpegURL' },
    ];
    if (ad.progressive)
      mediaFiles.push({ url: ad.progressive.url, delivery: 'progressive', type: ad.progressive.type });
    return {
      id: ad.vastAdId,
      sequence: ad.sequence,
      title: ad.title,
      advertiser: ad.advertiser,
      servingId: ad.servingId,
      impressionUrls: ad.tracking.impression,
      creative: {
        id: ad.creativeId,
        universalAdId: ad.universalAdId,
        duration: ad.duration,
        tracking: (['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const).flatMap(
          (event) => ad.tracking[event].map((url) => ({ event, url })),
        ),
        clickThrough: ad.clickThroughUrl,
        clickTracking: ad.clickTracking,
        mediaFiles,
      },
    };
  });
}
