/**
 * Fetches for the data plane (origin playlists, ad tags) that cannot be turned against the
 * platform's own network: a customer types the URL, so without a guard a stream's source of
 * http://169.254.169.254/ or http://10.0.0.5:6379/ would make the server fetch it (SSRF).
 *
 * - Only http and https.
 * - Every address a host name resolves to must be public: private, loopback, link-local, unique
 *   local, carrier-grade NAT, multicast, reserved and unspecified ranges (IPv4, IPv6 and IPv4
 *   mapped into IPv6) are refused, unless the host is allowed by configuration (the built-in
 *   demo origin and ad server are allowed explicitly).
 * - The check runs inside the connection's own DNS lookup, so the address checked is the address
 *   connected to (no second resolution a rebinding DNS server could answer differently). A literal
 *   address in the URL is checked before connecting.
 * - Redirects are followed by hand, at most `maxRedirects`, each hop checked the same way.
 * - A time limit for the whole exchange and a size limit for the body.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** `invalid`: the caller's check of the body failed (an origin answering something not HLS). */
export type FetchFailure =
  | 'refused'
  | 'timeout'
  | 'too-large'
  | 'network'
  | 'redirects'
  | 'status'
  | 'invalid';

/** Why a fetch gave no usable answer; `kind` says which rule or fault, the message names the URL. */
export class SafeFetchError extends Error {
  constructor(
    readonly kind: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address (IPv4 or IPv6, IPv4-mapped IPv6 included) may be fetched from. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:a.b.c.d) against the IPv4 rules too.
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface FetchPolicy {
  /**
   * Hosts fetched from whatever they resolve to: `host` or `host:port`, lower case (the built-in
   * demo origin, a lab's own origin named in configuration).
   */
  allowHosts?: ReadonlySet<string>;
  /** Name resolution (tests give their own); `dns.lookup` by default. */
  lookup?: (hostname: string) => Promise<readonly LookupAddress[]>;
}

export interface SafeFetchOptions {
  policy: FetchPolicy;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** Bytes of body accepted; more is an error, not a truncated answer. */
  maxBytes: number;
  headers?: Record<string, string>;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface FetchedText {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

const defaultLookup = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

const hostKey = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

function allowed(url: URL, policy: FetchPolicy): boolean {
  const hosts = policy.allowHosts;
  if (!hosts || hosts.size === 0) return false;
  const host = hostKey(url);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return hosts.has(host) || hosts.has(`${host}:${port}`);
}

/**
 * The connection's lookup: resolves, then refuses the connection when any address is not public
 * (a name that resolves to one public and one private address is refused: a client may pick either).
 */
function guardedLookup(policy: FetchPolicy, url: URL): LookupFunction {
  const resolveAll = policy.lookup ?? defaultLookup;
  const trusted = allowed(url, policy);
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        const refused = trusted ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (addresses.length === 0 || refused) {
          const error = Object.assign(
            new Error(
              refused
                ? `${hostname} resolves to ${refused.address}, a private or reserved address`
                : `${hostname} resolves to no address`,
            ),
            { code: refused ? 'ECUEPOINTREFUSED' : 'ENOTFOUND' },
          );
          callback(error, '', 0);
          return;
        }
        const family = typeof options.family === 'number' ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (options.all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [...usable]);
          return;
        }
        const first = usable[0] ?? addresses[0]!;
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Checks a URL before any connection: its scheme, and a literal address in it. */
function checkUrl(url: URL, policy: FetchPolicy) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('refused', `${url.href}: only http and https URLs are fetched`);
  }
  const host = hostKey(url);
  if (isIP(host) !== 0 && !isPublicAddress(host) && !allowed(url, policy)) {
    throw new SafeFetchError('refused', `${url.href}: ${host} is a private or reserved address`);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GETs `target` as text under the policy (see the module comment). */
export async function safeFetchText(target: string | URL, options: SafeFetchOptions): Promise<FetchedText> {
  const answer = await safeFetchBytes(target, options);
  return { ...answer, body: answer.body.toString('utf8') };
}

/** GETs `target` as bytes under the policy (a creative's media file). */
export async function safeFetchBytes(
  target: string | URL,
  options: SafeFetchOptions,
): Promise<Omit<FetchedText, 'body'> & { body: Buffer }> {
  const { policy, maxRedirects = 5 } = options;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    checkUrl(url, policy);
    const response = await request(url, options, signal, deadline);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (hop >= maxRedirects) {
        throw new SafeFetchError('redirects', `${url.href}: more than ${maxRedirects} redirects`);
      }
      url = new URL(location, url);
      continue;
    }
    const body = await readBody(response, url, options.maxBytes, deadline);
    return {
      url: url.href,
      status: response.statusCode ?? 0,
      contentType: response.headers['content-type'],
      body,
    };
  }
}

function request(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
  deadline: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers: { accept: '*/*', ...options.headers },
      lookup: guardedLookup(options.policy, url),
      signal,
      // One connection per exchange: a pooled socket would skip the lookup, and its check.
      agent: false,
    });
    req.on('response', resolve);
    req.on('error', (error: NodeJS.ErrnoException) => reject(failure(error, url, deadline)));
    req.end();
  });
}

function readBody(response: IncomingMessage, url: URL, maxBytes: number, deadline: AbortSignal) {
  return new Promise<Buffer>((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      reject(new SafeFetchError('too-large', `${url.href}: the answer is over ${maxBytes} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new SafeFetchError('too-large', `${url.href}: the answer is over ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (error: NodeJS.ErrnoException) => reject(failure(error, url, deadline)));
  });
}

/** The error of a failed exchange: refused by the lookup, out of time, cancelled, or the network's. */
function failure(error: NodeJS.ErrnoException, url: URL, deadline: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (error.code === 'ECUEPOINTREFUSED')
    return new SafeFetchError('refused', `${url.href}: ${error.message}`);
  if (deadline.aborted) return new SafeFetchError('timeout', `${url.href}: no complete answer in time`);
  if (error.name === 'AbortError') return new SafeFetchError('network', `${url.href}: cancelled`);
  return new SafeFetchError('network', `${url.href}: ${error.code ?? error.message}`);
}
