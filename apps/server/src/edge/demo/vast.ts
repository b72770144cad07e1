import type { Asset } from './catalog.ts';

/**
 * The demo ad server's VAST 4.1 documents: an inline pod of the committed HLS creatives, a
 * wrapper pointing at it, and the empty answer. Every URL in them is built from PUBLIC_URL and
 * from values the routes validated (ids, numbers); nothing a client sent is written unchecked,
 * and text and attribute values are XML-escaped all the same.
 */

export const VAST_VERSION = '4.1';
export const AD_SYSTEM = 'Cuepoint demo ad server';
/** Tracking events each creative (and the wrapper) reports, in play order. */
export const LINEAR_EVENTS = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;
export const BEACON_EVENTS = ['impression', 'error', ...LINEAR_EVENTS] as const;
export type BeaconEvent = (typeof BEACON_EVENTS)[number];

/** Ad pods longer than this are refused: it bounds the pod search below. */
export const MAX_POD_SECONDS = 300;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** VAST's HH:MM:SS.mmm. */
export function vastClock(totalSeconds: number): string {
  const ms = Math.round(totalSeconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * The creatives filling `seconds` best: the longest total not above it, then the most distinct
 * creatives, then the fewest ads; creatives are then interleaved so a repeat is spread out.
 * Empty when even the shortest creative is too long (a real ad server answers no ad then).
 */
export function fillPod(ads: readonly Asset[], seconds: number): Asset[] {
  const budget = Math.min(seconds, MAX_POD_SECONDS) + 1e-6;
  let best: { counts: number[]; total: number; distinct: number; ads: number } | undefined;
  const counts = ads.map(() => 0);
  const visit = (i: number, total: number) => {
    if (i === ads.length) {
      const distinct = counts.filter((c) => c > 0).length;
      const n = counts.reduce((a, b) => a + b, 0);
      const better =
        !best ||
        total > best.total + 1e-6 ||
        (Math.abs(total - best.total) <= 1e-6 &&
          (distinct > best.distinct || (distinct === best.distinct && n < best.ads)));
      if (n > 0 && better) best = { counts: [...counts], total, distinct, ads: n };
      return;
    }
    const d = ads[i]!.duration;
    for (let c = 0; total + c * d <= budget; c++) {
      counts[i] = c;
      visit(i + 1, total + c * d);
    }
    counts[i] = 0;
  };
  visit(0, 0);
  if (!best) return [];
  const left = [...best.counts];
  const pod: Asset[] = [];
  while (left.some((c) => c > 0)) {
    left.forEach((c, i) => {
      if (c > 0) {
        pod.push(ads[i]!);
        left[i] = c - 1;
      }
    });
  }
  return pod;
}

export interface VastUrls {
  /** The absolute beacon URL for an event (macros such as [ERRORCODE] left for the player). */
  beacon: (event: BeaconEvent, ad: string, sequence?: number) => string;
  /** The absolute URL of a file under the media folder ("ads/ad1/240p/index.m3u8"). */
  media: (file: string) => string;
}

const tracking = (urls: VastUrls, ad: string, sequence?: number) =>
  LINEAR_EVENTS.map((e) => `<Tracking event="${e}">${xml(urls.beacon(e, ad, sequence))}</Tracking>`).join('');

/** One InLine ad of a pod. */
function inlineAd(asset: Asset, sequence: number, urls: VastUrls, servingId: string): string {
  const label = asset.id.replace(/^ad(\d+)$/, 'AD $1');
  // One MediaFile per rendition (a media playlist), then the multivariant playlist of them all.
  const files = asset.renditions.map(
    (r) =>
      `<MediaFile id="${xml(`${asset.id}-${r.name}`)}" delivery="streaming" type="application/x-mpegURL" ` +
      `width="${r.width}" height="${r.height}" bitrate="${Math.round(r.bandwidth / 1000)}" ` +
      `codec="${xml(r.codecs)}">${xml(urls.media(`${asset.dir}/${r.name}/index.m3u8`))}</MediaFile>`,
  );
  const top = asset.renditions.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  files.push(
    `<MediaFile id="${xml(`${asset.id}-master`)}" delivery="streaming" type="application/x-mpegURL" ` +
      `width="${top.width}" height="${top.height}" minBitrate="${Math.round(Math.min(...asset.renditions.map((r) => r.bandwidth)) / 1000)}" ` +
      `maxBitrate="${Math.round(top.bandwidth / 1000)}">${xml(urls.media(`${asset.dir}/master.m3u8`))}</MediaFile>`,
  );
  return (
    `<Ad id="${xml(`${asset.id}-${sequence}`)}" sequence="${sequence}"><InLine>` +
    `<AdSystem version="1.0">${AD_SYSTEM}</AdSystem>` +
    `<Error>${xml(urls.beacon('error', asset.id, sequence))}</Error>` +
    `<Impression id="${xml(`${asset.id}-${sequence}`)}">${xml(urls.beacon('impression', asset.id, sequence))}</Impression>` +
    `<AdServingId>${xml(`${servingId}-${sequence}`)}</AdServingId>` +
    `<AdTitle>${xml(`${label} (${asset.duration} s)`)}</AdTitle>` +
    '<Advertiser>Cuepoint demo</Advertiser>' +
    `<Creatives><Creative id="${xml(asset.id)}" adId="${xml(asset.id)}" sequence="1">` +
    `<UniversalAdId idRegistry="cuepoint-demo">${xml(asset.id)}</UniversalAdId>` +
    `<Linear><Duration>${vastClock(asset.duration)}</Duration>` +
    `<TrackingEvents>${tracking(urls, asset.id, sequence)}</TrackingEvents>` +
    `<MediaFiles>${files.join('')}</MediaFiles>` +
    '</Linear></Creative></Creatives></InLine></Ad>'
  );
}

const vastDocument = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="${VAST_VERSION}" xmlns="http://www.iab.com/VAST">${body}</VAST>\n`;

/** An inline answer: the pod's ads in sequence, or the empty answer when the pod is empty. */
export function inlineVast(pod: readonly Asset[], urls: VastUrls, servingId: string): string {
  if (pod.length === 0) return emptyVast();
  return vastDocument(pod.map((asset, i) => inlineAd(asset, i + 1, urls, servingId)).join(''));
}

/** A wrapper with its own impression, error and tracking, pointing at an inline tag. */
export function wrapperVast(adTagUri: string, urls: VastUrls): string {
  return vastDocument(
    '<Ad id="wrapper-1"><Wrapper followAdditionalWrappers="true" allowMultipleAds="true" fallbackOnNoAd="true">' +
      `<AdSystem version="1.0">${AD_SYSTEM}</AdSystem>` +
      `<Error>${xml(urls.beacon('error', 'wrapper'))}</Error>` +
      `<Impression id="wrapper">${xml(urls.beacon('impression', 'wrapper'))}</Impression>` +
      `<VASTAdTagURI>${xml(adTagUri)}</VASTAdTagURI>` +
      `<Creatives><Creative><Linear><TrackingEvents>${tracking(urls, 'wrapper')}</TrackingEvents></Linear></Creative></Creatives>` +
      '</Wrapper></Ad>',
  );
}

/** No ad: a VAST document without Ad elements. */
export const emptyVast = () => `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="${VAST_VERSION}"/>\n`;
