import { randomUUID } from 'node:crypto';
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileAccess, type RandomAccess } from './video-container.ts';

/**
 * Uploaded files (logos, custom-domain certificates and keys) kept outside the database.
 *
 * Two namespaces: `public` files are served to anyone at `/files/<key>` (logos shown on login
 * pages); `private` files (certificates, private keys) are never served. Keys are random
 * (`<uuid><.ext>`), never derived from a user's file name, so a key names one immutable file:
 * a replaced logo gets a new key and the old file is deleted.
 *
 * Large files (slate videos) are streamed in with `putStream`: written to a temporary file,
 * checked there, and renamed into place; they are never held in memory whole, and served the
 * same way (`open`). Which customer owns a file, and its size, is kept in the `blobs` table
 * (repositories/blobs.ts), not here.
 *
 * The interface is the seam for another backend: this one writes under one directory
 * (DATA_DIR/blobs). Several API processes must share that directory (a network volume), or use
 * an object-store implementation of the same calls.
 */
export type BlobNamespace = 'public' | 'private';
export const BLOB_NAMESPACES: readonly BlobNamespace[] = ['public', 'private'];

export interface PutStreamOptions {
  /**
   * Called after each chunk is written with the bytes written so far; throwing aborts the put
   * (a size limit, a storage quota), the temporary file is deleted and the error is rethrown.
   */
  onProgress?: (written: number) => void | Promise<void>;
  /**
   * Called with the complete temporary file before it is renamed into place (the container
   * check); throwing refuses the file, which is deleted, and the error is rethrown.
   */
  verify?: (file: RandomAccess) => void | Promise<void>;
}

export interface StoredBlob {
  key: string;
  size: number;
}

export interface BlobInfo {
  key: string;
  size: number;
  /** When the file was last written. */
  modifiedAt: Date;
}

/** Bytes `start` to `end` of a file, both inclusive (an HTTP byte range, already within the file). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file opened for reading: its whole size and a stream of the bytes asked for. */
export interface OpenedBlob {
  /** The whole file's size, whatever range is streamed. */
  size: number;
  /** When the file was last written (an HTTP Last-Modified). */
  modifiedAt: Date;
  stream: Readable;
}

export interface BlobStore {
  /** Stores `data` under a new random key ending in `ext` ('.png' or 'png'); answers the key. */
  put(ns: BlobNamespace, ext: string, data: Uint8Array): Promise<string>;
  /**
   * Streams `source` into a new random key ending in `ext`, chunk by chunk (never the whole file
   * in memory). The file appears under its key only once it is complete and `verify` accepted
   * it; on any error (the source's, an abort, `onProgress` or `verify` throwing) nothing is left
   * behind and the error is rethrown.
   */
  putStream(
    ns: BlobNamespace,
    ext: string,
    source: AsyncIterable<Uint8Array>,
    options?: PutStreamOptions,
  ): Promise<StoredBlob>;
  /** The file's bytes, or null when there is no such key (a malformed key included). */
  get(ns: BlobNamespace, key: string): Promise<Buffer | null>;
  /**
   * The file's size, modification time and a stream of its bytes (only those of `range` when
   * given: read from the file at that offset, never the whole file), or null when there is no
   * such key. A range reaching past the end is cut at the end; one starting past it streams nothing.
   */
  open(ns: BlobNamespace, key: string, range?: ByteRange): Promise<OpenedBlob | null>;
  /** The file's size in bytes, or null when there is no such key. */
  size(ns: BlobNamespace, key: string): Promise<number | null>;
  /** The file's size and modification time (no stream opened), or null when there is no such key. */
  stat(ns: BlobNamespace, key: string): Promise<Omit<BlobInfo, 'key'> | null>;
  /** Every stored file of the namespace (temporary files of unfinished puts excluded). */
  list(ns: BlobNamespace): Promise<BlobInfo[]>;
  /** Removes the file; a missing or malformed key is not an error. */
  delete(ns: BlobNamespace, key: string): Promise<void>;
  /**
   * Removes what unfinished puts left behind (a crash mid-upload) that was last written before
   * `olderThan`; answers how many. A put in progress keeps writing, so it is younger.
   */
  purgeTemporary(olderThan: Date): Promise<number>;
}

/** `<uuid v4>` plus an optional lower-case extension of 1 to 10 letters or digits. */
export const BLOB_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/;
export const isBlobKey = (key: string): boolean => BLOB_KEY.test(key);

const EXTENSION = /^\.?([a-z0-9]{1,10})$/;

/** '.png' for 'png', '.PNG' or '.png'; '' for ''; throws for anything else. */
export function normalizeExtension(ext: string): string {
  if (ext === '') return '';
  const match = EXTENSION.exec(ext.toLowerCase());
  if (!match) throw new Error(`blob extension must be 1 to 10 letters or digits, got ${JSON.stringify(ext)}`);
  return `.${match[1]}`;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * A blob store on the local file system: `<root>/public/<key>` and `<root>/private/<key>`.
 * Writes go to a temporary name and are renamed into place, so a reader never sees half a file.
 * Private files and their directory are readable by the server's user only.
 */
export async function createFileBlobStore(root: string): Promise<BlobStore> {
  const dirs: Record<BlobNamespace, string> = {
    public: join(root, 'public'),
    private: join(root, 'private'),
  };
  await mkdir(dirs.public, { recursive: true, mode: 0o755 });
  await mkdir(dirs.private, { recursive: true, mode: 0o700 });

  // The key is checked before it ever becomes a path: no separators, no dots but the extension's.
  const pathOf = (ns: BlobNamespace, key: string) => (isBlobKey(key) ? join(dirs[ns], key) : null);
  const modeOf = (ns: BlobNamespace) => (ns === 'private' ? 0o600 : 0o644);
  /** A new key, its final path and the temporary one it is written to first. */
  const newFile = (ns: BlobNamespace, ext: string) => {
    const key = `${randomUUID()}${normalizeExtension(ext)}`;
    return { key, target: join(dirs[ns], key), temporary: join(dirs[ns], temporaryName(key)) };
  };

  return {
    async put(ns, ext, data) {
      const { key, target, temporary } = newFile(ns, ext);
      try {
        await writeFile(temporary, data, { mode: modeOf(ns), flag: 'wx' });
        await rename(temporary, target);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      return key;
    },
    async putStream(ns, ext, source, options = {}) {
      const { key, target, temporary } = newFile(ns, ext);
      let handle: FileHandle | undefined;
      let written = 0;
      try {
        // Read too: verify reads the written file through this handle.
        handle = await open(temporary, 'wx+', modeOf(ns));
        // One chunk at a time: the next is pulled only once this one is on disk (back-pressure);
        // leaving the loop early (a throw) ends the source's iteration (its `return`).
        for await (const chunk of source) {
          let offset = 0;
          while (offset < chunk.length) {
            const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
            offset += bytesWritten;
          }
          written += chunk.length;
          await options.onProgress?.(written);
        }
        await options.verify?.(fileAccess(handle, written));
        await handle.close();
        handle = undefined;
        await rename(temporary, target);
      } catch (err) {
        await handle?.close().catch(() => undefined);
        await rm(temporary, { force: true });
        throw err;
      }
      return { key, size: written };
    },
    async get(ns, key) {
      const path = pathOf(ns, key);
      if (!path) return null;
      try {
        return await readFile(path);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async open(ns, key, range) {
      const path = pathOf(ns, key);
      if (!path) return null;
      let handle: FileHandle;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const { size, mtime } = await handle.stat();
        const end = range ? Math.min(range.end, size - 1) : size - 1;
        if (range && range.start > end) {
          await handle.close();
          return { size, modifiedAt: mtime, stream: Readable.from([]) };
        }
        // The stream owns the handle from here and closes it when done or destroyed. A range is
        // read from its offset (positional reads, `end` inclusive), never the bytes before it.
        const stream = range
          ? handle.createReadStream({ start: range.start, end })
          : handle.createReadStream();
        return { size, modifiedAt: mtime, stream };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async size(ns, key) {
      const path = pathOf(ns, key);
      if (!path) return null;
      try {
        return (await stat(path)).size;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(ns, key) {
      const path = pathOf(ns, key);
      if (!path) return null;
      try {
        const info = await stat(path);
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async list(ns) {
      const found: BlobInfo[] = [];
      for (const name of await readdir(dirs[ns])) {
        if (!isBlobKey(name)) continue;
        try {
          const info = await stat(join(dirs[ns], name));
          if (info.isFile()) found.push({ key: name, size: info.size, modifiedAt: info.mtime });
        } catch (err) {
          // Deleted since the directory was read.
          if (!isMissing(err)) throw err;
        }
      }
      return found;
    },
    async delete(ns, key) {
      const path = pathOf(ns, key);
      if (!path) return;
      try {
        await unlink(path);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async purgeTemporary(olderThan) {
      let removed = 0;
      for (const ns of BLOB_NAMESPACES) {
        for (const name of await readdir(dirs[ns])) {
          if (!TEMPORARY.test(name)) continue;
          const path = join(dirs[ns], name);
          try {
            if ((await stat(path)).mtime < olderThan) {
              await unlink(path);
              removed += 1;
            }
          } catch (err) {
            if (!isMissing(err)) throw err;
          }
        }
      }
      return removed;
    },
  };
}

/** Where a file is written before it is complete: '.<key>.<pid>.<random>.tmp' (never a key). */
const temporaryName = (key: string) => `.${key}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
const TEMPORARY = /^\.[0-9a-f-]{36}(\.[a-z0-9]{1,10})?\.\d+(\.[0-9a-f]{8})?\.tmp$/;

/** Content types of the public files, by extension (anything else is served by no route). */
export const PUBLIC_CONTENT_TYPES: Readonly<Record<string, string>> = {
  // Logos (routes/customer/account-rules.ts checks their bytes).
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  // Slate and creative videos (lib/video-container.ts checks their bytes).
  '.mp4': 'video/mp4',
  '.ts': 'video/mp2t',
  // Creative videos only (QuickTime: checked as the MP4 box structure).
  '.mov': 'video/quicktime',
};

const extensionOf = (key: string) => {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? '' : key.slice(dot).toLowerCase();
};

/** The public content type of a key's extension, if it has one. */
export const publicContentTypeOf = (key: string): string | undefined =>
  PUBLIC_CONTENT_TYPES[extensionOf(key)];

/** A key's content type as recorded ('application/octet-stream' for certificates, keys and the rest). */
export const contentTypeOf = (key: string): string => publicContentTypeOf(key) ?? 'application/octet-stream';

// ---- References kept in the database -------------------------------------------------------

/** Where a public file is served: '/files/<key>'. */
export const publicFileUrl = (key: string): string => `/files/${key}`;

/**
 * Certificates and keys are shown to their owner by the name they were uploaded with
 * ('domain.crt'), so their column holds `<key>/<file name>`: keys never contain '/', and the
 * name is reduced to a plain file name (see `safeFileName`).
 */
export const storedFileRef = (key: string, name: string): string => `${key}/${name}`;

/** The key and the file name of a stored reference; a bare key is its own name. */
export function parseStoredFileRef(ref: string): { key: string; name: string } {
  const slash = ref.indexOf('/');
  return slash < 0 ? { key: ref, name: ref } : { key: ref.slice(0, slash), name: ref.slice(slash + 1) };
}

/**
 * A file name as a browser sent it, reduced to something safe to store and show: the last path
 * segment, no control characters, at most 255 characters; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return fallback;
  return cleaned.length > 255 ? cleaned.slice(cleaned.length - 255) : cleaned;
}
