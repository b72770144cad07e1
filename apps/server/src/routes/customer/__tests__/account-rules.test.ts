/** The account dialog's rules on their own: no database, no app, no files written. */
import {
  ACCOUNT_FIELD_LABELS,
  FILE_FIELD_LABELS,
  fieldRequiredMessage,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES } from '../../../lib/certificate.ts';
import type { CustomerRow } from '../../../repositories/customers.ts';
import {
  type CertificatePair,
  NO_OPENSSL_REASON,
  OPENSSL,
  selfSignedCertificate,
} from '../../../test/certificates.ts';
import { makePng } from '../../../test/images.ts';
import {
  type AccountInput,
  type CheckedInput,
  checkAccountInput,
  checkCdnDomain,
  EDIT_CUSTOMER_MESSAGES,
  type EditCustomerValues,
  isHostName,
  LOGO_MAX_SIDE,
  planAccountEdit,
} from '../account-rules.ts';
import type { FileField, UploadedFile } from '../uploads.ts';

const customer = (overrides: Partial<CustomerRow> = {}): CustomerRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme',
  subDomainName: 'acme',
  paymentPlan: 'standard',
  timezone: 0,
  paymentCustomerId: null,
  marketplaceToken: null,
  adminNote: '',
  userNote: '',
  enableApi: false,
  apiTokenHash: null,
  apiTokenSealed: null,
  logo: null,
  loginLogo: null,
  logoAspect: null,
  loginLogoAspect: null,
  addCustomDomain: false,
  customDomainName: null,
  certificate: null,
  privateKey: null,
  cdnProtocol: 'https://',
  cdnDomain: null,
  deactivatedAt: null,
  reviewedAt: new Date(0),
  createdAt: new Date(0),
  updatedAt: new Date(0),
  version: 1,
  ...overrides,
});

const input = (
  values: EditCustomerValues,
  files: Partial<Record<FileField, UploadedFile>> = {},
): AccountInput => ({
  values,
  files: new Map(Object.entries(files) as [FileField, UploadedFile][]),
});

const member = { isMainAdmin: false };
const admin = { isMainAdmin: true };

/** checkAccountInput then planAccountEdit, as the route runs them. */
const plan = (current: CustomerRow, sent: AccountInput, caller = member) => {
  const checked = checkAccountInput(sent);
  if (!checked.ok) throw new Error(`input refused: ${JSON.stringify(checked.problems)}`);
  return planAccountEdit(current, sent, checked.value, caller);
};
const problemsOf = (result: { ok: boolean; problems?: unknown }) => (result.ok ? [] : result.problems);

describe('host names', () => {
  it('takes lower-case names of two labels or more, not addresses', () => {
    expect(isHostName('video.example.com')).toBe(true);
    expect(isHostName('a-b.example.co.uk')).toBe(true);
    expect(isHostName('localhost')).toBe(false);
    expect(isHostName('192.168.0.1')).toBe(false);
    expect(isHostName('-bad.example.com')).toBe(false);
    expect(isHostName('Video.example.com')).toBe(false);
  });

  it('reads a CDN domain: empty clears it, a port is kept, a protocol or a bad name is refused', () => {
    expect(checkCdnDomain('')).toEqual({ value: null });
    expect(checkCdnDomain('CDN.Example.com.')).toEqual({ value: 'cdn.example.com' });
    expect(checkCdnDomain('cdn.example.com:8443')).toEqual({ value: 'cdn.example.com:8443' });
    expect(checkCdnDomain('https://cdn.example.com')).toEqual({
      problem: EDIT_CUSTOMER_MESSAGES.cdnDomainProtocol,
    });
    expect(checkCdnDomain('cdn.example.com:70000')).toEqual({
      problem: EDIT_CUSTOMER_MESSAGES.cdnDomainInvalid,
    });
    expect(checkCdnDomain('cdn')).toEqual({ problem: EDIT_CUSTOMER_MESSAGES.cdnDomainInvalid });
  });
});

describe('checkAccountInput', () => {
  it('answers the logos with their real extension and aspect, and the domains as stored', () => {
    const checked = checkAccountInput(
      input(
        { cdnDomain: 'Cdn.Example.com', addCustomDomain: true, customDomainName: 'video.example.com' },
        { logo: { filename: 'logo.PNG', data: makePng(600, 300) } },
      ),
    );
    expect(checked.ok).toBe(true);
    const value = (checked as { value: CheckedInput }).value;
    expect(value.cdnDomain).toBe('cdn.example.com');
    expect(value.domainName).toBe('video.example.com');
    expect(value.images.map(({ field, ext, aspect }) => ({ field, ext, aspect }))).toEqual([
      { field: 'logo', ext: '.png', aspect: 'landscape' },
    ]);
  });

  it('reads an empty custom domain name as none', () => {
    const checked = checkAccountInput(input({ customDomainName: '' }));
    expect(checked.ok && checked.value.domainName).toBeUndefined();
  });

  it('names every field at once: logos, a missing logo, certificate extensions, host names', () => {
    const checked = checkAccountInput(
      input(
        {
          uploadLogo: true,
          addCustomDomain: true,
          customDomainName: 'not a host',
          cdnDomain: 'http://cdn.x',
        },
        {
          loginLogo: { filename: 'login.gif', data: makePng(600, 300) },
          certificate: { filename: 'domain.txt', data: Buffer.from('x') },
        },
      ),
    );
    expect(problemsOf(checked)).toEqual([
      { field: 'loginLogo', message: EDIT_CUSTOMER_MESSAGES.notAnImage('loginLogo', 'gif') },
      { field: 'logo', message: fieldRequiredMessage(FILE_FIELD_LABELS.logo) },
      { field: 'certificate', message: EDIT_CUSTOMER_MESSAGES.wrongExtension('certificate') },
      { field: 'customDomainName', message: EDIT_CUSTOMER_MESSAGES.domainInvalid },
      { field: 'cdnDomain', message: EDIT_CUSTOMER_MESSAGES.cdnDomainProtocol },
    ]);
  });

  it('refuses logos of the wrong extension, too small or too large', () => {
    const checked = checkAccountInput(
      input(
        {},
        {
          logo: { filename: 'logo.bmp', data: makePng(600, 300) },
          loginLogo: { filename: 'login.png', data: makePng(100, 100) },
        },
      ),
    );
    expect(problemsOf(checked)).toEqual([
      { field: 'logo', message: EDIT_CUSTOMER_MESSAGES.wrongExtension('logo') },
      { field: 'loginLogo', message: VALIDATION_MESSAGES.logoResolution },
    ]);
    const huge = checkAccountInput(
      input({}, { logo: { filename: 'logo.png', data: makePng(LOGO_MAX_SIDE + 1, 300) } }),
    );
    expect(problemsOf(huge)).toEqual([
      { field: 'logo', message: EDIT_CUSTOMER_MESSAGES.tooManyPixels('logo') },
    ]);
  });
});

describe('planAccountEdit: plan, time zone, CDN', () => {
  it('answers only what changes', () => {
    const result = plan(
      customer(),
      input({ paymentPlan: 'standard', timezone: 5.5, cdnProtocol: 'http://', cdnDomain: '' }),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        changes: { timezone: 5.5, cdnProtocol: 'http://', cdnDomain: null },
        images: [],
        certificate: null,
        newDomain: null,
      },
    });
  });

  it('upgrades to Enterprise without touching API access', () => {
    const result = plan(customer(), input({ paymentPlan: 'enterprise' }));
    expect(result.ok && result.value.changes).toEqual({ paymentPlan: 'enterprise' });
  });

  it('leaves Enterprise only for a main administrator, and then ends API access and its token', () => {
    const enterprise = customer({ paymentPlan: 'enterprise', enableApi: true, apiTokenHash: 'h' });
    const refused = plan(enterprise, input({ paymentPlan: 'standard', addCustomDomain: true }));
    // Refused on its own, however many other problems the edit has.
    expect(problemsOf(refused)).toEqual([
      { field: 'paymentPlan', message: EDIT_CUSTOMER_MESSAGES.downgrade },
    ]);

    const done = plan(enterprise, input({ paymentPlan: 'standard' }), admin);
    expect(done.ok && done.value.changes).toEqual({
      paymentPlan: 'standard',
      enableApi: false,
      apiTokenHash: null,
      apiTokenSealed: null,
    });
  });
});

describe('planAccountEdit: custom domain without certificates', () => {
  it('needs a name, a certificate and its key to turn the domain on', () => {
    expect(problemsOf(plan(customer(), input({ addCustomDomain: true })))).toEqual([
      { field: 'customDomainName', message: fieldRequiredMessage(ACCOUNT_FIELD_LABELS.customDomainName) },
      { field: 'certificate', message: fieldRequiredMessage(FILE_FIELD_LABELS.certificateUrl) },
      { field: 'privateKey', message: fieldRequiredMessage(FILE_FIELD_LABELS.privateKeyUrl) },
    ]);
  });

  it('takes no certificate while the domain is off', () => {
    const sent = input({}, { privateKey: { filename: 'domain.key', data: Buffer.from('key') } });
    expect(problemsOf(plan(customer(), sent))).toEqual([
      { field: 'privateKey', message: EDIT_CUSTOMER_MESSAGES.domainOffForFile('privateKey') },
    ]);
  });

  it('keeps a saved domain on and its name, and asks for both files to renew its certificate', () => {
    const saved = customer({ addCustomDomain: true, customDomainName: 'video.example.com' });
    expect(
      problemsOf(plan(saved, input({ addCustomDomain: false, customDomainName: 'live.example.com' }))),
    ).toEqual([
      { field: 'addCustomDomain', message: EDIT_CUSTOMER_MESSAGES.domainLocked },
      { field: 'customDomainName', message: EDIT_CUSTOMER_MESSAGES.domainRenamed },
    ]);
    expect(problemsOf(plan(saved, input({ isCertificateModified: true })))).toEqual([
      { field: 'certificate', message: fieldRequiredMessage(FILE_FIELD_LABELS.certificateUrl) },
      { field: 'privateKey', message: fieldRequiredMessage(FILE_FIELD_LABELS.privateKeyUrl) },
    ]);
    // Sending the saved name again is no change.
    expect(plan(saved, input({ addCustomDomain: true, customDomainName: 'video.example.com' }))).toEqual({
      ok: true,
      value: { changes: {}, images: [], certificate: null, newDomain: null },
    });
  });
});

// Certificates are signed by the openssl command at test time (node:crypto cannot sign one).
describe.skipIf(!OPENSSL)(
  `planAccountEdit: certificates${OPENSSL ? '' : ` (skipped: ${NO_OPENSSL_REASON})`}`,
  () => {
    const files = (pair: CertificatePair) => ({
      certificate: { filename: 'domain.crt', data: pair.certificate },
      privateKey: { filename: 'domain.key', data: pair.privateKey },
    });

    it('turns the domain on with a matching certificate: the name must then be free (newDomain)', () => {
      const pair = selfSignedCertificate(['video.example.com']);
      const sent = input({ addCustomDomain: true, customDomainName: 'video.example.com' }, files(pair));
      const result = plan(customer(), sent);
      expect(result.ok && result.value.changes).toEqual({
        addCustomDomain: true,
        customDomainName: 'video.example.com',
      });
      expect(result.ok && result.value.newDomain).toBe('video.example.com');
      expect(result.ok && result.value.certificate).toEqual(files(pair));
    });

    it('checks the certificate against the saved name when it is renewed', () => {
      const saved = customer({ addCustomDomain: true, customDomainName: 'video.example.com' });
      const renewed = plan(saved, input({}, files(selfSignedCertificate(['video.example.com']))));
      expect(renewed.ok && renewed.value.newDomain).toBeNull();
      expect(renewed.ok && renewed.value.certificate).not.toBeNull();
      const wrongHost = plan(saved, input({}, files(selfSignedCertificate(['live.example.com']))));
      expect(problemsOf(wrongHost)).toEqual([
        { field: 'certificate', message: CERTIFICATE_MESSAGES.wrongHost('video.example.com') },
      ]);
    });
  },
);
