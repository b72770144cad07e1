import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

/**
 * Checks a custom domain's TLS certificate and private key before they are stored: the
 * certificate parses (PEM or DER X.509; a PEM chain is read from its first, the leaf,
 * certificate), the key parses (unencrypted PEM, or DER PKCS#8/PKCS#1/SEC1), the two belong
 * together, the certificate is within its validity period and covers the domain it is for.
 * Each failure names the file it is about, with a message the account dialog can show.
 */
export type CertificateField = 'certificate' | 'privateKey';

export interface CertificateProblem {
  field: CertificateField;
  message: string;
}

export const CERTIFICATE_MESSAGES = {
  certificateUnreadable:
    'The certificate could not be read: upload an X.509 certificate in PEM (-----BEGIN CERTIFICATE-----) or DER form',
  privateKeyUnreadable:
    'The private key could not be read: upload an unencrypted private key in PEM form (-----BEGIN PRIVATE KEY-----)',
  privateKeyEncrypted: 'The private key is protected by a passphrase: upload it unencrypted',
  mismatch: 'The private key does not belong to the certificate',
  expired: (date: string) => `The certificate expired on ${date}`,
  notYetValid: (date: string) => `The certificate is not valid before ${date}`,
  wrongHost: (host: string) => `The certificate does not cover ${host}`,
} as const;

/** The leaf certificate, or null. */
export function parseCertificate(data: Uint8Array): X509Certificate | null {
  try {
    return new X509Certificate(data);
  } catch {
    return null;
  }
}

/** The private key (PEM first, then the DER encodings), 'encrypted' for a passphrase-protected one, or null. */
export function parsePrivateKey(data: Uint8Array): KeyObject | 'encrypted' | null {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const text = buffer.toString('latin1');
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(text)) return 'encrypted';
  const attempts: Parameters<typeof createPrivateKey>[0][] = text.includes('-----BEGIN ')
    ? [{ key: text, format: 'pem' }]
    : [
        { key: buffer, format: 'der', type: 'pkcs8' },
        { key: buffer, format: 'der', type: 'pkcs1' },
        { key: buffer, format: 'der', type: 'sec1' },
      ];
  for (const attempt of attempts) {
    try {
      return createPrivateKey(attempt);
    } catch {
      // next encoding
    }
  }
  return null;
}

const keyMatches = (certificate: X509Certificate, key: KeyObject) => {
  try {
    return certificate.checkPrivateKey(key);
  } catch {
    return false; // a key of another algorithm than the certificate's
  }
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Every problem with a certificate and its private key for `host` (none: they can be used).
 * `host` may be omitted to skip the coverage check; `now` is for tests.
 */
export function checkCertificatePair(
  certificateData: Uint8Array,
  privateKeyData: Uint8Array,
  options: { host?: string | undefined; now?: Date } = {},
): CertificateProblem[] {
  const problems: CertificateProblem[] = [];
  const certificate = parseCertificate(certificateData);
  const key = parsePrivateKey(privateKeyData);
  if (!certificate)
    problems.push({ field: 'certificate', message: CERTIFICATE_MESSAGES.certificateUnreadable });
  if (key === 'encrypted')
    problems.push({ field: 'privateKey', message: CERTIFICATE_MESSAGES.privateKeyEncrypted });
  else if (!key) problems.push({ field: 'privateKey', message: CERTIFICATE_MESSAGES.privateKeyUnreadable });
  if (!certificate) return problems;

  const now = options.now ?? new Date();
  const validTo = new Date(certificate.validTo);
  const validFrom = new Date(certificate.validFrom);
  if (validTo.getTime() < now.getTime()) {
    problems.push({ field: 'certificate', message: CERTIFICATE_MESSAGES.expired(day(validTo)) });
  } else if (validFrom.getTime() > now.getTime()) {
    problems.push({ field: 'certificate', message: CERTIFICATE_MESSAGES.notYetValid(day(validFrom)) });
  }
  if (options.host && certificate.checkHost(options.host) === undefined) {
    problems.push({ field: 'certificate', message: CERTIFICATE_MESSAGES.wrongHost(options.host) });
  }
  if (key && key !== 'encrypted' && !keyMatches(certificate, key)) {
    problems.push({ field: 'privateKey', message: CERTIFICATE_MESSAGES.mismatch });
  }
  return problems;
}
