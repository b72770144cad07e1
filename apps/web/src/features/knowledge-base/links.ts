/**
 * What a link of an article leads to, from its URL (already made safe by react-markdown, which
 * empties a javascript:, data: or other unsafe URL). Anything that is none of these is not a
 * link: its text is shown without one.
 */
export type LinkTarget =
  /** http(s): another site, opened in a new tab without access to this one. */
  | { kind: 'external' }
  | { kind: 'mailto' }
  /** A path the server serves outside the console (/api/docs, /play/…, /ads/vast): a new tab. */
  | { kind: 'server' }
  /** A console screen ('/streams-ads'), below the router's basename. */
  | { kind: 'screen' }
  /** Another article, or this one with a search ('?article=playback-urls'). */
  | { kind: 'article' }
  /** A section of this article ('#sessions'). */
  | { kind: 'heading'; id: string }
  | { kind: 'none' };

/** Paths of the server that are not console screens (the data plane, the API, the ad server…). */
const SERVER_PATHS = /^\/(api|api_v1|play|ads|demo|files|media)(\/|$|\?)/;

export function linkTarget(href: string | undefined): LinkTarget {
  const url = (href ?? '').trim();
  if (url === '' || /[\s\\]/.test(url)) return { kind: 'none' };
  if (/^https?:\/\/[^/]/i.test(url)) return { kind: 'external' };
  if (/^mailto:[^/]/i.test(url)) return { kind: 'mailto' };
  if (url.startsWith('#') && url.length > 1) {
    try {
      return { kind: 'heading', id: decodeURIComponent(url.slice(1)) };
    } catch {
      return { kind: 'none' };
    }
  }
  if (url.startsWith('?')) return { kind: 'article' };
  if (/^\/(?!\/)/.test(url)) return SERVER_PATHS.test(url) ? { kind: 'server' } : { kind: 'screen' };
  return { kind: 'none' };
}
