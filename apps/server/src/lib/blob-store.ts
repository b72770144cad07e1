import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Uploaded files (logos, custom-domain certificates and keys) kept outside the database.
 *
 * Two namespaces: `public` files are served to anyone at `/files/<key>` (logos shown on login
 * pages); `private` files (certificates, private keys) are never served. Keys are random
 * (`<uuid><.ext>`), never derived from a user's file name, so a key names one immutable file:
 * a replaced logo gets a new key and the old file is deleted.
 *
 * The interface is the seam for another backend: this one writes under one directory
 * (DATA_DIR/blobs). Several API processes must share that directory (a network volume), or use
 * an object-store implementation of the same three calls.
 */
export type BlobNamespace = 'public' | 'private';
export const BLOB_NAMESPACES: readonly BlobNamespace[] = ['public', 'private'];

export interface BlobStore {
  /** Stores `data` under a new random key ending in `ext` ('.png' or 'png'); answers the key. */
  put(ns: BlobNamespace, ext: string, data: Uint8Array): Promise<string>;
  /** The file's bytes, or null when there is no such key (a malformed key included). */
  get(ns: BlobNamespace, key: string): Promise<Buffer | null>;
  /** Removes the file; a missing or malformed key is not an error. */
  delete(ns: BlobNamespace, key: string): Promise<void>;
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

  return {
    async put(ns, ext, data) {
      const key = `${randomUUID()}${normalizeExtension(ext)}`;
      const target = join(dirs[ns], key);
      const temporary = join(dirs[ns], `.${key}.${process.pid}.tmp`);
      try {
        await writeFile(temporary, data, { mode: ns === 'private' ? 0o600 : 0o644, flag: 'wx' });
        await rename(temporary, target);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      return key;
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
    async delete(ns, key) {
      const path = pathOf(ns, key);
      if (!path) return;
      try {
        await unlink(path);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
  };
}

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
