import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Seals short secrets (API tokens) with AES-256-GCM under a key that is never in the database,
 * so a leaked table or backup does not reveal them. Format: base64url(iv 12 | tag 16 | ciphertext).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the sealed value was not made with this key or was altered. */
  open(sealed: string): string | null;
  /**
   * A MAC of `message` (HMAC-SHA256 under a key derived from this one for `purpose`, base64url):
   * what a public URL carries so that it cannot be forged (the ad server's impression beacons).
   */
  sign(purpose: string, message: string): string;
  /** Whether `signature` is `sign(purpose, message)` (compared in constant time). */
  verify(purpose: string, message: string, signature: string): boolean;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  const macKeys = new Map<string, Buffer>();
  const mac = (purpose: string, message: string) => {
    let macKey = macKeys.get(purpose);
    if (!macKey) {
      macKey = createHmac('sha256', key).update(`cuepoint mac: ${purpose}`).digest();
      macKeys.set(purpose, macKey);
    }
    return createHmac('sha256', macKey).update(message).digest();
  };
  return {
    sign: (purpose, message) => mac(purpose, message).toString('base64url'),
    verify(purpose, message, signature) {
      const expected = mac(purpose, message);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * The key: SECRET_KEY when set, else DATA_DIR/secret.key, created (mode 0600) on first start.
 * Several servers sharing one PostgreSQL database must share SECRET_KEY.
 */
export function loadSecretKey(secretKeyHex: string | undefined, dataDir: string): Buffer {
  if (secretKeyHex) return Buffer.from(secretKeyHex, 'hex');
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(stored)) throw new Error(`${file} does not hold 64 hexadecimal characters`);
    return Buffer.from(stored, 'hex');
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
