/**
 * How a customer's viewers get the media: the account's CDN (the account dialog's protocol and
 * domain). With a CDN domain, every segment URL of a stitched playlist (content, ads, slate, and
 * their initialisation sections) is served through it: the origin's scheme and host are replaced
 * by the CDN's, the path and query kept, as MediaTailor's content and ad segment prefixes do; the
 * CDN is set up by the customer to fetch those paths from the origins. Keys are not rewritten (a
 * key server usually checks who asks). A de-activated account's streams do not play.
 *
 * An account without a CDN of its own gets the platform's (the configuration's CDNBASE, read per
 * playlist through app.platformConfig's cache, so a change reaches viewers without a restart).
 */
import type { MediaPlaylist, MediaSegment } from '@cuepoint/stitcher';
import type { DbOrTx } from '../../db/client.ts';
import { findStoredCustomer } from '../read-model/customers.ts';

export interface Delivery {
  /** `https://cdn.example.com`: what replaces each segment URL's origin; none without a CDN. */
  cdnBase?: string;
}

/** The customer's delivery; undefined when the customer is gone or de-activated. */
export async function readDelivery(db: DbOrTx, customerId: string): Promise<Delivery | undefined> {
  const customer = await findStoredCustomer(db, customerId);
  if (!customer?.active) return undefined;
  const domain = customer.cdnDomain?.trim();
  if (!domain) return {};
  const protocol = customer.cdnProtocol === 'http://' ? 'http://' : 'https://';
  return { cdnBase: `${protocol}${domain.replace(/\/+$/, '')}` };
}

/** The delivery of a playlist: the account's CDN, else the platform's CDN base, else none. */
export function effectiveDelivery(delivery: Delivery, platformCdnBase: string | undefined): Delivery {
  if (delivery.cdnBase || !platformCdnBase) return delivery;
  return { cdnBase: platformCdnBase };
}

/** `uri` through the CDN: its origin replaced by `base` when it is an absolute http(s) URL. */
export function throughCdn(uri: string, base: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return uri;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return uri;
  return `${base}${url.pathname}${url.search}`;
}

/** The playlist with its segment (and map) URLs through the customer's CDN, if it has one. */
export function delivered(playlist: MediaPlaylist, delivery: Delivery): MediaPlaylist {
  const base = delivery.cdnBase;
  if (!base) return playlist;
  return {
    ...playlist,
    segments: playlist.segments.map((segment): MediaSegment => {
      const out: MediaSegment = { ...segment, uri: throughCdn(segment.uri, base) };
      if (segment.map !== undefined) out.map = rewriteMap(segment.map, base);
      return out;
    }),
  };
}

/** An EXT-X-MAP attribute list with its URI through the CDN. */
function rewriteMap(map: string, base: string): string {
  return map.replace(/URI="([^"]*)"/, (_whole, uri: string) => `URI="${throughCdn(uri, base)}"`);
}
