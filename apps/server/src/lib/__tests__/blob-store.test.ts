import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
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
