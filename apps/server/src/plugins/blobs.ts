import { join } from 'node:path';
import { CUSTOMER_STORAGE_QUOTA_BYTES } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseUnreferenced, takePendingReleases } from '../lib/blob-references.ts';
import {
  type BlobStore,
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
    open: (ns, key) => store.open(ns, key),
    size: (ns, key) => store.size(ns, key),
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

  app.get<{ Params: { key: string } }>('/files/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    const type = publicContentTypeOf(key);
    const file = type && isBlobKey(key) ? await app.blobs.open('public', key) : null;
    if (!file || !type) throw notFound('File not found');
    const etag = `"${key}"`;
    reply
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      // An image needs nothing else; opened on its own it may run nothing.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
    // Videos (slates, ad creatives) are media for players on other origins too: an ad's MP4 is in
    // the VAST answers, and the console previews it from PUBLIC_URL's origin.
    if (type.startsWith('video/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) {
      file.stream.destroy();
      return reply.code(304).send();
    }
    return reply.type(type).header('content-length', file.size).send(file.stream);
  });
});
