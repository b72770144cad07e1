import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BlobStore, createFileBlobStore, isBlobKey } from '../lib/blob-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: public ones served at /files/<key>, private ones never (lib/blob-store.ts). */
    blobs: BlobStore;
  }
}

/** Content types of the public files (logo uploads: lib/image-size.ts checks their bytes). */
const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  // Slate videos (routes/resources/slate-upload.ts checks their bytes).
  '.mp4': 'video/mp4',
  '.ts': 'video/mp2t',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The blob store under DATA_DIR/blobs, and `GET /files/:key` serving its public namespace
 * (outside /api, no authentication): a key names one immutable file, so it is cached for a year.
 * Unknown or malformed keys answer 404; a key can never reach outside the public directory, and
 * private files (certificates, keys) have no route at all.
 */
export const blobsPlugin = fp(async (app: FastifyInstance, opts: { dataDir: string; store?: BlobStore }) => {
  app.decorate('blobs', opts.store ?? (await createFileBlobStore(join(opts.dataDir, 'blobs'))));

  app.get<{ Params: { key: string } }>('/files/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.')).toLowerCase()];
    const data = type && isBlobKey(key) ? await app.blobs.get('public', key) : null;
    if (!data || !type) return reply.notFound('File not found');
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
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(type).send(data);
  });
});
