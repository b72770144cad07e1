import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CertificatePair,
  encryptKey,
  NO_OPENSSL_REASON,
  OPENSSL,
  selfSignedCertificate,
  toDer,
} from '../../test/certificates.ts';
import {
  CERTIFICATE_MESSAGES,
  checkCertificatePair,
  parseCertificate,
  parsePrivateKey,
} from '../certificate.ts';

// Certificates are signed by the openssl command at test time (node:crypto cannot sign one).
describe.skipIf(!OPENSSL)(`checkCertificatePair${OPENSSL ? '' : ` (skipped: ${NO_OPENSSL_REASON})`}`, () => {
  let pair: CertificatePair;
  let other: CertificatePair;
  beforeAll(() => {
    pair = selfSignedCertificate(['video.example.com', '*.cdn.example.com']);
    other = selfSignedCertificate(['video.example.com']);
  });

  it('accepts a certificate with its own key, for a host it covers (exact or wildcard)', () => {
    expect(checkCertificatePair(pair.certificate, pair.privateKey, { host: 'video.example.com' })).toEqual(
      [],
    );
    expect(checkCertificatePair(pair.certificate, pair.privateKey, { host: 'edge.cdn.example.com' })).toEqual(
      [],
    );
    expect(checkCertificatePair(pair.certificate, pair.privateKey)).toEqual([]);
  });

  it('accepts a DER certificate and a chain whose first certificate is the leaf', () => {
    expect(checkCertificatePair(toDer(pair.certificate), pair.privateKey)).toEqual([]);
    const chain = Buffer.concat([pair.certificate, other.certificate]);
    expect(checkCertificatePair(chain, pair.privateKey)).toEqual([]);
  });

  it('accepts a DER PKCS#8 key', () => {
    const der = parsePrivateKey(pair.privateKey);
    if (!der || der === 'encrypted') throw new Error('key did not parse');
    expect(checkCertificatePair(pair.certificate, der.export({ format: 'der', type: 'pkcs8' }))).toEqual([]);
  });

  it('refuses a key that belongs to another certificate, naming the private key', () => {
    expect(checkCertificatePair(pair.certificate, other.privateKey)).toEqual([
      { field: 'privateKey', message: CERTIFICATE_MESSAGES.mismatch },
    ]);
  });

  it('refuses a key of another algorithm (RSA key, EC certificate)', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = Buffer.from(privateKey.export({ format: 'pem', type: 'pkcs8' }));
    expect(checkCertificatePair(pair.certificate, pem)).toEqual([
      { field: 'privateKey', message: CERTIFICATE_MESSAGES.mismatch },
    ]);
  });

  it('refuses a certificate that does not cover the host', () => {
    expect(checkCertificatePair(pair.certificate, pair.privateKey, { host: 'other.example.org' })).toEqual([
      { field: 'certificate', message: CERTIFICATE_MESSAGES.wrongHost('other.example.org') },
    ]);
  });

  it('refuses an expired certificate and one not valid yet', () => {
    const cert = parseCertificate(pair.certificate)!;
    const after = new Date(new Date(cert.validTo).getTime() + 86_400_000);
    expect(checkCertificatePair(pair.certificate, pair.privateKey, { now: after })).toEqual([
      {
        field: 'certificate',
        message: CERTIFICATE_MESSAGES.expired(new Date(cert.validTo).toISOString().slice(0, 10)),
      },
    ]);
    const before = new Date(new Date(cert.validFrom).getTime() - 86_400_000);
    expect(checkCertificatePair(pair.certificate, pair.privateKey, { now: before })[0]?.message).toMatch(
      /^The certificate is not valid before \d{4}-\d{2}-\d{2}$/,
    );
  });

  it('names each unreadable file', () => {
    expect(checkCertificatePair(Buffer.from('not a certificate'), Buffer.from('not a key'))).toEqual([
      { field: 'certificate', message: CERTIFICATE_MESSAGES.certificateUnreadable },
      { field: 'privateKey', message: CERTIFICATE_MESSAGES.privateKeyUnreadable },
    ]);
    // The files swapped: a key is no certificate, a certificate is no key.
    expect(checkCertificatePair(pair.privateKey, pair.certificate).map((p) => p.field)).toEqual([
      'certificate',
      'privateKey',
    ]);
  });

  it('refuses a passphrase-protected key with its own message', () => {
    expect(checkCertificatePair(pair.certificate, encryptKey(pair.privateKey))).toEqual([
      { field: 'privateKey', message: CERTIFICATE_MESSAGES.privateKeyEncrypted },
    ]);
  });

  it('refuses a public key given as the private key', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = Buffer.from(publicKey.export({ format: 'pem', type: 'spki' }));
    expect(checkCertificatePair(pair.certificate, pem)).toEqual([
      { field: 'privateKey', message: CERTIFICATE_MESSAGES.privateKeyUnreadable },
    ]);
  });
});
