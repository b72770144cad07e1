import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set for these options, computed once. @fastify/helmet rebuilds the
 * helmet middleware (and re-parses the CSP) on every request; the headers never change, so the
 * server sets this precomputed set instead.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The SHA-256 of each inline script of the console's index.html (apps/web/index.html): one, which
 * applies the stored theme to the splash before the first paint. A test hashes the file's inline
 * scripts and checks each is here, so a change to the script cannot silently break the console.
 */
export const CONSOLE_INLINE_SCRIPTS = ["'sha256-1Sb2SSxMesySFHdrKYo+ElZYJNOIvRCKo1HZBempzhc='"];

/**
 * The console's pages and assets: the CSP the built console runs under. Scripts only from this
 * origin (the runtime config is a script file, not inline) and index.html's one inline script, by
 * its hash; inline styles for Mantine. A stream's preview player (hls.js) fetches playlists and
 * segments from the data plane (`playbackOrigins`: PUBLIC_URL's and PLAYBACK_URL's origins) and
 * from wherever the stream's segments are (its origin, its CDN, the ad servers' creatives): any
 * HTTPS host; a plain-HTTP host only when it is one of ours.
 */
export function consoleHeaders(playbackOrigins: readonly string[] = []): Record<string, string> {
  const media = [...new Set(playbackOrigins)];
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...CONSOLE_INLINE_SCRIPTS],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https:', ...media],
        // data: too: hls.js gives a stream's caption track an empty `data:,WEBVTT` source.
        mediaSrc: ["'self'", 'blob:', 'data:', 'https:', ...media],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

export const CONSOLE_HEADERS = consoleHeaders();

/**
 * JSON answers of the API: nothing in them may load or frame anything; the headers that only
 * mean something for HTML documents are left out, which keeps every answer small. None is kept
 * by a browser or proxy cache: answers carry tokens (login, the rotated `usertoken`), the API key
 * (the customer record) and account data.
 */
export const API_HEADERS = {
  ...apiHelmetHeaders(),
  'cache-control': 'no-store',
};

function apiHelmetHeaders() {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
