import { join } from 'node:path';
import { CUSTOMER_STORAGE_QUOTA_BYTES } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseUnreferenced, takePendingReleases } from '../lib/blob-references.ts';
import {
  type BlobStore,
  type ByteRange,
  createFileBlobStore,
  isBlobKey,
  publicContentTypeOf,
  publicFileUrl,
} from '../lib/blob-store.ts';
import {
  BLOB_SWEEP_GRACE_MS,
  BLOB_SWEEP_INTERVAL_MS,
  type SweepResult,
  sweepBlobs,
} from '../lib/blob-sweep.ts';
import { notFound } from '../lib/request-problem.ts';
import { forgetBlob } from '../repositories/blobs.ts';

export interface BlobStorage {
  /**
   * Bytes each customer may store (CUSTOMER_STORAGE_QUOTA_BYTES unless the plugin was given
   * `quotaBytes`; tests lower it here).
   */
  quotaBytes: number;
  /** The absolute URL a public file is served at, on PUBLIC_URL (never the request's Host). */
  publicFileUrl(key: string): string;
  /** Sweeps unreferenced files now (lib/blob-sweep.ts); joins a sweep already running. */
  sweep(): Promise<SweepResult>;
  /** Resolves once no sweep and no release of replaced files is running (tests, shutdown). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Uploaded files: public ones served at /files/<key>, private ones never (lib/blob-store.ts).
     * `delete` also drops the file's row in `blobs`: call it outside a transaction.
     */
    blobs: BlobStore;
    /** The quota, public URLs and the sweep of the uploaded files. */
    blobStorage: BlobStorage;
  }
}

export interface BlobsPluginOptions {
  dataDir: string;
  store?: BlobStore;
  /** PUBLIC_URL: the origin of the URLs of public files (never the request's Host header). */
  publicUrl: string;
  quotaBytes?: number;
  sweepIntervalMs?: number;
  sweepGraceMs?: number;
  /** Sweep at start-up and every interval (default true). */
  sweep?: boolean;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The headers of a file answer (removed again when the file vanished meanwhile). */
const FILE_HEADERS = [
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
  'x-content-type-options',
  'content-security-policy',
  'cross-origin-resource-policy',
] as const;

/**
 * What a Range header asks of a file of `size` bytes (RFC 9110 section 14): `null` to answer the
 * whole file (no header, a unit other than bytes, a syntactically invalid one, which a server
 * ignores, or several ranges: answered whole rather than as multipart/byteranges, which RFC 9110
 * allows and players never need), 'unsatisfiable' (416), or the one range to answer (206), its
 * end cut at the file's end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes[ \t]*=[ \t]*(.*)$/i.exec(header.trim());
  if (!match) return null;
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  const parsed = specs.map((spec) => /^(?:(\d+)-(\d*)|-(\d+))$/.exec(spec));
  if (parsed.some((m) => m === null)) return null;
  const [only] = parsed as RegExpExecArray[];
  // A first-last pair whose last is before its first is invalid: the whole header is ignored.
  for (const m of parsed as RegExpExecArray[]) {
    if (m[1] !== undefined && m[2] !== '' && Number(m[2]) < Number(m[1])) return null;
  }
  if (parsed.length !== 1 || !only) return null;
  if (only[3] !== undefined) {
    // -n: the last n bytes (all of a shorter file); -0 asks for nothing.
    const suffix = Number(only[3]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(only[1]);
  if (start >= size) return 'unsatisfiable';
  const end = only[2] === '' ? size - 1 : Math.min(Number(only[2]), size - 1);
  return { start, end };
}

/** HTTP-date of a modification time, whole seconds (what Last-Modified can carry). */
const httpDate = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000).toUTCString();

/**
 * Whether If-Range lets the Range apply: absent, the file's current strong ETag (weak ones never
 * match), or exactly its Last-Modified date. Anything else: the file may have changed, answer it whole.
 */
function ifRangeHolds(header: string | string[] | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  // Sent twice: not one validator, so not a match.
  if (Array.isArray(header)) return false;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Date.parse(lastModified);
}

/**
 * The blob store under DATA_DIR/blobs, and `GET /files/:key` serving its public namespace
 * (outside /api, no authentication): a key names one immutable file, so it is cached for a year.
 * Unknown or malformed keys answer 404; a key can never reach outside the public directory, and
 * private files (certificates, keys) have no route at all. Files are streamed, never read whole.
 *
 * Also: the files a resource write stopped referring to are released after its answer
 * (lib/blob-references.ts), and unreferenced files are swept at start-up and every
 * BLOB_SWEEP_INTERVAL_MS (lib/blob-sweep.ts; the timer does not keep the process alive and
 * stops when the app closes).
 */
export const blobsPlugin = fp(async (app: FastifyInstance, opts: BlobsPluginOptions) => {
  const store = opts.store ?? (await createFileBlobStore(join(opts.dataDir, 'blobs')));
  const recorded: BlobStore = {
    put: (ns, ext, data) => store.put(ns, ext, data),
    putStream: (ns, ext, source, options) => store.putStream(ns, ext, source, options),
    get: (ns, key) => store.get(ns, key),
    open: (ns, key, range) => store.open(ns, key, range),
    size: (ns, key) => store.size(ns, key),
    stat: (ns, key) => store.stat(ns, key),
    list: (ns) => store.list(ns),
    async delete(ns, key) {
      await store.delete(ns, key);
      if (isBlobKey(key)) await forgetBlob(app.db, key);
    },
    purgeTemporary: (olderThan) => store.purgeTemporary(olderThan),
  };
  app.decorate('blobs', recorded);

  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  };
  let sweeping: Promise<SweepResult> | null = null;
  const sweep = () => {
    sweeping ??= track(
      sweepBlobs(app.db, app.blobs, { graceMs: opts.sweepGraceMs ?? BLOB_SWEEP_GRACE_MS }).finally(() => {
        sweeping = null;
      }),
    );
    return sweeping;
  };
  const sweepLogged = () =>
    sweep().then(
      (result) => app.log.info({ sweep: result }, 'swept unreferenced uploads'),
      (err) => app.log.error({ err }, 'sweeping unreferenced uploads failed'),
    );

  const origin = opts.publicUrl.replace(/\/+$/, '');

  app.decorate('blobStorage', {
    quotaBytes: opts.quotaBytes ?? CUSTOMER_STORAGE_QUOTA_BYTES,
    publicFileUrl: (key: string) => `${origin}${publicFileUrl(key)}`,
    sweep,
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  } satisfies BlobStorage);

  // Released after a successful answer only: then the write's transaction has committed.
  // Callback-style: it runs after every request and never waits (the releases run in the background).
  app.addHook('onResponse', (request, reply, done) => {
    const releases = takePendingReleases(request);
    if (reply.statusCode < 300) {
      for (const release of releases) {
        track(
          releaseUnreferenced(app.db, app.blobs, release).catch((err) =>
            request.log.error({ err }, 'could not delete a file no longer referenced'),
          ),
        );
      }
    }
    done();
  });

  if (opts.sweep ?? true) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void sweepLogged();
      timer = setInterval(() => void sweepLogged(), opts.sweepIntervalMs ?? BLOB_SWEEP_INTERVAL_MS);
      timer.unref();
    });
    // preClose: the database is still open for a sweep that is finishing.
    app.addHook('preClose', async () => {
      clearInterval(timer);
    });
  }
  app.addHook('preClose', async () => {
    await app.blobStorage.settled();
  });

  // GET and HEAD (declared together: Fastify's own HEAD would read the whole stream to drop it).
  app.route<{ Params: { key: string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/:key',
    schema: { hide: true },
    handler: async (request, reply) => {
      const { key } = request.params;
      const type = publicContentTypeOf(key);
      const info = type && isBlobKey(key) ? await app.blobs.stat('public', key) : null;
      if (!info || !type) throw notFound('File not found');
      const etag = `"${key}"`;
      const lastModified = httpDate(info.modifiedAt);
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('last-modified', lastModified)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        // An image needs nothing else; opened on its own it may run nothing.
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        );
      // Videos (slates, ad creatives) are media for players on other origins too: an ad's MP4 is in
      // the VAST answers, and the console previews it from PUBLIC_URL's origin.
      if (type.startsWith('video/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const asked = ifRangeHolds(request.headers['if-range'], etag, lastModified)
        ? requestedRange(request.headers.range, info.size)
        : null;
      if (asked === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      // Only the range's bytes are read from the store; a file gone since its stat is a 404
      // without the file answer's headers. HEAD opens nothing.
      const file = request.method === 'HEAD' ? null : await app.blobs.open('public', key, asked ?? undefined);
      if (request.method !== 'HEAD' && !file) {
        for (const name of FILE_HEADERS) reply.removeHeader(name);
        throw notFound('File not found');
      }
      reply.type(type).header('content-length', asked ? asked.end - asked.start + 1 : info.size);
      if (asked) reply.code(206).header('content-range', `bytes ${asked.start}-${asked.end}/${info.size}`);
      if (!file) return reply.send();
      return reply.send(file.stream);
    },
  });
});
