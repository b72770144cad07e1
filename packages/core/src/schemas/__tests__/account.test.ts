import { describe, expect, it } from 'vitest';
import { editCustomerFieldsSchema, logoAspectOf, TIMEZONE_RANGE_MESSAGE } from '../account.ts';

describe('editCustomerFieldsSchema', () => {
  const timezone = (value: unknown) => {
    const result = editCustomerFieldsSchema.safeParse({ timezone: value });
    return result.success ? result.data.timezone : result.error.issues.map((issue) => issue.message);
  };

  it('reads a UTC offset in hours from a number or form text', () => {
    expect(timezone(5.5)).toBe(5.5);
    expect(timezone('5.5')).toBe(5.5);
    expect(timezone('-3')).toBe(-3);
    expect(timezone('+05:45')).toBe(5.75);
    expect(timezone('-03:30')).toBe(-3.5);
    expect(timezone('0')).toBe(0);
    expect(timezone(undefined)).toBeUndefined();
  });

  it('treats an empty or non-numeric value as missing, never as UTC', () => {
    for (const value of ['', '  ', null, 'soon', true, '(UTC+05:30) Asia/Kolkata']) {
      expect(timezone(value)).toEqual(['Timezone is required']);
    }
  });

  it('keeps offsets within -12 to +14 hours in quarter hours', () => {
    expect(timezone(-12)).toBe(-12);
    expect(timezone(14)).toBe(14);
    for (const value of [-12.25, 14.25, 5.3, '15']) expect(timezone(value)).toEqual([TIMEZONE_RANGE_MESSAGE]);
  });

  it('reads form booleans and lower-cases the custom domain name', () => {
    const parsed = editCustomerFieldsSchema.parse({
      addCustomDomain: 'true',
      isCertificateModified: false,
      customDomainName: ' Video.Example.COM ',
    });
    expect(parsed).toEqual({
      addCustomDomain: true,
      isCertificateModified: false,
      customDomainName: 'video.example.com',
    });
  });
});

describe('logoAspectOf', () => {
  it('names the aspect of a pixel size', () => {
    expect(logoAspectOf(300, 240)).toBe('landscape');
    expect(logoAspectOf(260, 400)).toBe('portrait');
    expect(logoAspectOf(512, 512)).toBe('square');
  });
});
