import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from '../secret-box.ts';

describe('createSecretBox', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('cpk_secret-token');
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed)).toBe('cpk_secret-token');
    expect(box.seal('cpk_secret-token')).not.toBe(sealed);
  });

  it('refuses a sealed value that was altered or made with another key', () => {
    const sealed = box.seal('cpk_secret-token');
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(box.open(raw.toString('base64url'))).toBeNull();
    expect(createSecretBox(randomBytes(32)).open(sealed)).toBeNull();
    expect(box.open('not sealed at all')).toBeNull();
  });

  it('accepts only a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('loadSecretKey', () => {
  it('uses SECRET_KEY when given', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadSecretKey(hex, '/nonexistent').toString('hex')).toBe(hex);
  });

  it('creates DATA_DIR/secret.key (owner-only) once, then reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-secret-'));
    const first = loadSecretKey(undefined, dir);
    const file = join(dir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
  });

  it('refuses a damaged key file rather than making a new key (sealed tokens would be lost)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-secret-'));
    writeFileSync(join(dir, 'secret.key'), 'short\n');
    expect(() => loadSecretKey(undefined, dir)).toThrow('64 hexadecimal characters');
  });
});
