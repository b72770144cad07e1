import { mkdtemp, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type BlobStore,
  createFileBlobStore,
  isBlobKey,
  normalizeExtension,
  parseStoredFileRef,
  publicFileUrl,
  safeFileName,
  storedFileRef,
} from '../blob-store.ts';

describe('file blob store', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cuepoint-blobs-'));
    store = await createFileBlobStore(root);
  });

  it('stores under a random uuid key with the extension, and reads it back', async () => {
    const a = await store.put('public', 'PNG', Buffer.from('one'));
    const b = await store.put('public', '.png', Buffer.from('one'));
    expect(a).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(isBlobKey(a)).toBe(true);
    expect(a).not.toBe(b);
    expect((await store.get('public', a))?.toString()).toBe('one');
    expect(await readdir(join(root, 'public'))).toHaveLength(2);
  });

  it('keeps the namespaces apart, private files readable by the owner only', async () => {
    const key = await store.put('private', 'key', Buffer.from('secret'));
    expect(await store.get('public', key)).toBeNull();
    expect((await store.get('private', key))?.toString()).toBe('secret');
    expect((await stat(join(root, 'private', key))).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'private'))).mode & 0o777).toBe(0o700);
  });

  it('deletes, and treats a missing key as already deleted', async () => {
    const key = await store.put('public', 'gif', Buffer.from('x'));
    await store.delete('public', key);
    expect(await store.get('public', key)).toBeNull();
    await expect(store.delete('public', key)).resolves.toBeUndefined();
  });

  it('never turns a malformed key into a path', async () => {
    await writeFile(join(root, 'outside.png'), 'outside');
    for (const key of ['../outside.png', '..%2foutside.png', '/etc/passwd', 'a/b.png', '', '.', '..']) {
      expect(await store.get('public', key)).toBeNull();
      await store.delete('public', key);
    }
    expect(await readdir(root)).toContain('outside.png');
  });

  it('refuses an extension that is not a plain short word', async () => {
    expect(normalizeExtension('')).toBe('');
    expect(() => normalizeExtension('../x')).toThrow();
    expect(() => normalizeExtension('png.exe')).toThrow();
    await expect(store.put('public', '/png', Buffer.from('x'))).rejects.toThrow();
  });
});

describe('file blob store: streaming', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cuepoint-blobs-'));
    store = await createFileBlobStore(root);
  });

  async function* chunks(count: number, size: number, fail?: Error) {
    for (let i = 0; i < count; i += 1) {
      yield Buffer.alloc(size, i);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (fail) throw fail;
  }
  const files = (ns = 'public') => readdir(join(root, ns));

  it('streams chunk by chunk into a new key, checks the whole written file, then renames it into place', async () => {
    const progress: number[] = [];
    let seen: { size: number; last: number } | undefined;
    const stored = await store.putStream('public', '.mp4', chunks(4, 1000), {
      onProgress: (written) => void progress.push(written),
      verify: async (file) => {
        // The file is not under its key while it is being checked.
        expect((await files()).filter((name) => !name.endsWith('.tmp'))).toEqual([]);
        seen = { size: file.size, last: (await file.read(3999, 1))[0]! };
      },
    });
    expect(stored.key).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect(stored.size).toBe(4000);
    expect(progress).toEqual([1000, 2000, 3000, 4000]);
    expect(seen).toEqual({ size: 4000, last: 3 });
    expect(await files()).toEqual([stored.key]);
    const bytes = (await store.get('public', stored.key))!;
    expect(bytes.subarray(999, 1001)).toEqual(Buffer.from([0, 1]));
    expect(await store.size('public', stored.key)).toBe(4000);
  });

  it('leaves nothing behind when onProgress aborts, verify refuses or the source fails', async () => {
    const quota = new Error('over quota');
    await expect(
      store.putStream('public', 'mp4', chunks(10, 1000), {
        onProgress: (written) => {
          if (written > 2500) throw quota;
        },
      }),
    ).rejects.toBe(quota);
    const refused = new Error('not a video');
    await expect(
      store.putStream('public', 'mp4', chunks(2, 10), {
        verify: () => {
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    const aborted = new Error('client went away');
    await expect(store.putStream('private', 'pem', chunks(3, 10, aborted))).rejects.toBe(aborted);
    expect(await files('public')).toEqual([]);
    expect(await files('private')).toEqual([]);
  });

  it('stops pulling the source once aborted (the rest is never read)', async () => {
    let pulled = 0;
    async function* counted() {
      for (let i = 0; i < 100; i += 1) {
        pulled += 1;
        yield Buffer.alloc(100);
      }
    }
    await expect(
      store.putStream('public', 'ts', counted(), {
        onProgress: (written) => {
          if (written >= 300) throw new Error('enough');
        },
      }),
    ).rejects.toThrow('enough');
    expect(pulled).toBe(3);
  });

  it('opens a file as a stream with its size, and lists the stored files', async () => {
    const key = await store.put('public', 'ts', Buffer.from('0123456789'));
    const opened = (await store.open('public', key))!;
    expect(opened.size).toBe(10);
    const read: Buffer[] = [];
    for await (const chunk of opened.stream) read.push(chunk as Buffer);
    expect(Buffer.concat(read).toString()).toBe('0123456789');
    expect(await store.open('public', 'f0000000-0000-4000-8000-000000000000.ts')).toBeNull();
    expect(await store.open('public', '../x')).toBeNull();
    expect(await store.size('public', 'f0000000-0000-4000-8000-000000000000.ts')).toBeNull();
    await writeFile(join(root, 'public', 'not-a-key.txt'), 'x');
    const listed = await store.list('public');
    expect(listed.map((info) => [info.key, info.size])).toEqual([[key, 10]]);
    expect(listed[0]!.modifiedAt).toBeInstanceOf(Date);
  });

  it('opens a range of a file, reading only its bytes, past one stream chunk; stats without opening', async () => {
    const data = Buffer.alloc(150_000);
    for (let i = 0; i < data.length; i += 1) data[i] = (i * 7 + (i >> 10)) % 256;
    const key = await store.put('public', 'mp4', data);
    const read = async (range?: { start: number; end: number }) => {
      const opened = (await store.open('public', key, range))!;
      expect(opened.size).toBe(data.length);
      expect(opened.modifiedAt).toBeInstanceOf(Date);
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    expect((await read({ start: 60_000, end: 140_000 })).equals(data.subarray(60_000, 140_001))).toBe(true);
    expect((await read({ start: 149_999, end: 149_999 })).equals(data.subarray(149_999))).toBe(true);
    // Cut at the end of the file; a range starting past it streams nothing.
    expect((await read({ start: 149_000, end: 999_999 })).equals(data.subarray(149_000))).toBe(true);
    expect((await read({ start: 150_000, end: 150_010 })).length).toBe(0);
    expect((await read()).equals(data)).toBe(true);
    expect(await store.stat('public', key)).toEqual({ size: data.length, modifiedAt: expect.any(Date) });
    expect(await store.stat('public', 'f0000000-0000-4000-8000-000000000000.ts')).toBeNull();
    expect(await store.stat('public', '../x')).toBeNull();
  });

  it('purges temporary files older than a date, and only those', async () => {
    const old = '.f0000000-0000-4000-8000-000000000000.mp4.123.tmp';
    const older = '.f0000000-0000-4000-8000-000000000001.mp4.123.abcdef01.tmp';
    await writeFile(join(root, 'public', old), 'x');
    await writeFile(join(root, 'private', older), 'x');
    await writeFile(join(root, 'public', 'unrelated.tmp'), 'x');
    const past = new Date(Date.now() - 60_000);
    await utimes(join(root, 'public', old), past, past);
    await utimes(join(root, 'private', older), past, past);
    expect(await store.purgeTemporary(new Date(Date.now() - 120_000))).toBe(0);
    expect(await store.purgeTemporary(new Date(Date.now() - 30_000))).toBe(2);
    expect(await files('public')).toEqual(['unrelated.tmp']);
    expect(await files('private')).toEqual([]);
  });
});

describe('stored file references', () => {
  it('keep the uploaded name beside the key', () => {
    const key = '3f2a8c1e-0b7d-4e58-9c41-2f8d3b6e1a01.crt';
    expect(parseStoredFileRef(storedFileRef(key, 'domain.crt'))).toEqual({ key, name: 'domain.crt' });
    expect(parseStoredFileRef(key)).toEqual({ key, name: key });
    expect(publicFileUrl(key)).toBe(`/files/${key}`);
  });

  it('reduce a sent file name to a plain file name', () => {
    expect(safeFileName('C:\\certs\\domain.crt', 'certificate.crt')).toBe('domain.crt');
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('a\u0000b\nc.pem', 'x')).toBe('abc.pem');
    expect(safeFileName('..', 'certificate.crt')).toBe('certificate.crt');
    expect(safeFileName('', 'privateKey.key')).toBe('privateKey.key');
    expect(safeFileName(`${'a'.repeat(300)}.pem`, 'x')).toHaveLength(255);
    expect(safeFileName(`${'a'.repeat(300)}.pem`, 'x').endsWith('.pem')).toBe(true);
  });
});
