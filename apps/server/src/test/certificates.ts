import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Self-signed TLS certificates made at test time. node:crypto makes key pairs but cannot sign a
 * certificate, so the `openssl` command does it; tests that need one are skipped (with this
 * reason) on a machine without it.
 */
export const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((path) => existsSync(path));
export const NO_OPENSSL_REASON = 'the openssl command is not installed: no certificate can be signed';

export interface CertificatePair {
  certificate: Buffer;
  privateKey: Buffer;
}

/** A self-signed certificate for `hosts` (subject alternative names) and its unencrypted EC key. */
export function selfSignedCertificate(hosts: string[], days = 30): CertificatePair {
  if (!OPENSSL) throw new Error(NO_OPENSSL_REASON);
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-cert-'));
  try {
    const key = join(dir, 'domain.key');
    const cert = join(dir, 'domain.crt');
    execFileSync(
      OPENSSL,
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        String(days),
        '-subj',
        `/CN=${hosts[0]}`,
        '-addext',
        `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
      ],
      { stdio: 'pipe' },
    );
    return { certificate: readFileSync(cert), privateKey: readFileSync(key) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same key, protected with a passphrase (PKCS#8 encrypted PEM). */
export function encryptKey(privateKey: Buffer, passphrase = 'secret'): Buffer {
  if (!OPENSSL) throw new Error(NO_OPENSSL_REASON);
  return execFileSync(OPENSSL, ['pkcs8', '-topk8', '-v2', 'aes-256-cbc', '-passout', `pass:${passphrase}`], {
    input: privateKey,
    stdio: 'pipe',
  });
}

/** The certificate in DER form. */
export function toDer(certificate: Buffer): Buffer {
  if (!OPENSSL) throw new Error(NO_OPENSSL_REASON);
  return execFileSync(OPENSSL, ['x509', '-outform', 'DER'], { input: certificate, stdio: 'pipe' });
}
