import { describe, expect, it } from 'vitest';
import { toFieldIssues } from '../field-issues.ts';
import { accountSchema, PROFILE_FIELD_LABELS, profileSchema } from '../form-schemas.ts';
import { ORGANIZATION_TYPES } from '../limits.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';

const issuesOf = (schema: typeof profileSchema | typeof accountSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};

describe('profileSchema', () => {
  const profile = { firstName: 'Ada', lastName: 'Lovelace', mobilePhone: '+44 20 7946 0000', country: 'GB' };

  it('uses the spec label for the mobile phone', () => {
    expect(PROFILE_FIELD_LABELS.mobilePhone).toBe('Mobile phone');
  });

  it.each([
    { name: 'required fields only', value: profile, expected: [] },
    {
      name: 'all fields',
      value: { ...profile, jobTitle: 'Engineer', organizationType: 'DSP or Trading Desk' },
      expected: [],
    },
    {
      name: 'cleared optional fields',
      value: { ...profile, jobTitle: null, organizationType: '' },
      expected: [],
    },
    {
      name: 'nothing filled',
      value: {},
      expected: [
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
        { field: 'mobilePhone', message: 'Mobile phone is required' },
        { field: 'country', message: 'Country is required' },
      ],
    },
    {
      name: 'blank mobile phone',
      value: { ...profile, mobilePhone: '   ' },
      expected: [{ field: 'mobilePhone', message: 'Mobile phone is required' }],
    },
    {
      name: 'unknown organisation type',
      value: { ...profile, organizationType: 'Broadcaster' },
      expected: [{ field: 'organizationType', message: M.thisFieldRequired }],
    },
    { name: 'not an object', value: 'x', expected: [{ field: '', message: M.pleaseFillRequiredFields }] },
  ])('$name', ({ value, expected }) => {
    expect(issuesOf(profileSchema, value)).toEqual(expected);
  });

  it.each(ORGANIZATION_TYPES)('accepts the organisation type %s', (organizationType) => {
    expect(profileSchema.safeParse({ ...profile, organizationType }).success).toBe(true);
  });

  it('trims the names', () => {
    expect(profileSchema.parse({ ...profile, firstName: '  Ada ' }).firstName).toBe('Ada');
  });
});

describe('accountSchema', () => {
  const account = { paymentPlan: 'standard', timezone: 0 };
  const customDomain = { ...account, addCustomDomain: true, customDomainName: 'ads.example.com' };

  it.each([
    { name: 'plan and timezone', value: account, expected: [] },
    { name: 'timezone as option text', value: { ...account, timezone: '+05:30' }, expected: [] },
    {
      name: 'plan and timezone missing',
      value: {},
      expected: [
        { field: 'paymentPlan', message: 'Payment plan is required' },
        { field: 'timezone', message: 'Timezone is required' },
      ],
    },
    {
      name: 'empty timezone',
      value: { ...account, timezone: '' },
      expected: [{ field: 'timezone', message: 'Timezone is required' }],
    },
    {
      name: 'logo chosen',
      value: { ...account, uploadLogo: true, logo: { name: 'logo.png' } },
      expected: [],
    },
    { name: 'logo not chosen', value: { ...account, uploadLogo: false }, expected: [] },
    {
      name: 'logo chosen but missing',
      value: { ...account, uploadLogo: true },
      expected: [{ field: 'logo', message: 'Logo is required' }],
    },
    {
      name: 'logo of another type',
      value: { ...account, uploadLogo: true, logo: 'logo.gif' },
      expected: [{ field: 'logo', message: 'Logo is required' }],
    },
    { name: 'login logo may be a gif', value: { ...account, loginLogo: 'login.gif' }, expected: [] },
    {
      name: 'login logo of another type',
      value: { ...account, loginLogo: 'login.bmp' },
      expected: [{ field: 'loginLogo', message: 'Login logo is required' }],
    },
    { name: 'custom domain with a name', value: customDomain, expected: [] },
    {
      name: 'custom domain without a name',
      value: { ...customDomain, customDomainName: ' ' },
      expected: [{ field: 'customDomainName', message: 'Custom domain name is required' }],
    },
    {
      name: 'custom domain off, no name',
      value: { ...account, addCustomDomain: false, customDomainName: '' },
      expected: [],
    },
    {
      name: 'certificate files unchanged',
      value: { ...customDomain, isCertificateModified: false },
      expected: [],
    },
    {
      name: 'certificate files changed and given',
      value: {
        ...customDomain,
        isCertificateModified: true,
        certificateUrl: 'a.crt',
        privateKeyUrl: 'a.key',
      },
      expected: [],
    },
    {
      name: 'pem for both',
      value: {
        ...customDomain,
        isCertificateModified: true,
        certificateUrl: { name: 'a.pem' },
        privateKeyUrl: { name: 'b.pem' },
      },
      expected: [],
    },
    {
      name: 'certificate files changed and missing',
      value: { ...customDomain, isCertificateModified: true },
      expected: [
        { field: 'certificateUrl', message: 'Certificate is required' },
        { field: 'privateKeyUrl', message: 'Private key is required' },
      ],
    },
    {
      name: 'certificate files of the wrong types',
      value: {
        ...customDomain,
        isCertificateModified: true,
        certificateUrl: 'a.key',
        privateKeyUrl: 'a.crt',
      },
      expected: [
        { field: 'certificateUrl', message: 'Certificate is required' },
        { field: 'privateKeyUrl', message: 'Private key is required' },
      ],
    },
    {
      name: 'missing name and files together, beside a missing plan',
      value: { ...customDomain, paymentPlan: '', customDomainName: '', isCertificateModified: true },
      expected: [
        { field: 'paymentPlan', message: 'Payment plan is required' },
        { field: 'customDomainName', message: 'Custom domain name is required' },
        { field: 'certificateUrl', message: 'Certificate is required' },
        { field: 'privateKeyUrl', message: 'Private key is required' },
      ],
    },
    {
      name: 'certificate files without a custom domain',
      value: { ...account, addCustomDomain: false, isCertificateModified: true },
      expected: [],
    },
  ])('$name', ({ value, expected }) => {
    expect(issuesOf(accountSchema, value)).toEqual(expected);
  });

  it('lower-cases the custom domain name', () => {
    const parsed = accountSchema.parse({ ...customDomain, customDomainName: ' Ads.Example.COM ' });
    expect(parsed.customDomainName).toBe('ads.example.com');
  });

  it('keeps a chosen File as it is and other customer fields', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const parsed = accountSchema.parse({ ...account, uploadLogo: true, logo, enableAPI: true });
    expect(parsed.logo).toBe(logo);
    expect(parsed.enableAPI).toBe(true);
  });
});
