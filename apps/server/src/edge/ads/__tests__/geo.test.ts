import { describe, expect, it } from 'vitest';
import { countryLookup } from '../geo.ts';

describe('countryLookup (the bundled ip-location-db database)', () => {
  const countryOf = countryLookup();
  it('names the country of public IPv4 and IPv6 addresses', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('81.2.69.142')).toBe('GB');
    expect(countryOf('::ffff:81.2.69.142')).toBe('GB');
    expect(countryOf('2a00:1450:4001::1')).toMatch(/^[A-Z]{2}$/);
  });
  it('has no country for a private or loopback address, or what is not an address', () => {
    expect(countryOf('127.0.0.1')).toBeUndefined();
    expect(countryOf('10.1.2.3')).toBeUndefined();
    expect(countryOf('::1')).toBeUndefined();
    expect(countryOf('not an address')).toBeUndefined();
  });
});
