/**
 * The viewer's country from its address, for the campaigns' country targeting: the CC0 database of
 * ip-location-db (geo-whois-asn-country: RIR whois and ASN data, IPv4 and IPv6, in MaxMind's mmdb
 * format), read with mmdb-lib. Loaded once, on the first lookup (about 8 MB), so a process that
 * never targets a country never reads it. A private, reserved or unknown address has no country.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';

/** The country of a viewer's address (ISO 3166-1 alpha-2), when a lookup knows it. */
export type CountryLookup = (address: string) => string | undefined;

const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** What this database's records hold (not one of MaxMind's own shapes that mmdb-lib types). */
type CountryRecord = { country_code?: unknown } | null;

/** A lookup over the bundled database (`path`: another mmdb file with `country_code` records). */
export function countryLookup(path?: string): CountryLookup {
  let reader: Reader<Response> | undefined;
  return (address) => {
    reader ??= new Reader(readFileSync(path ?? createRequire(import.meta.url).resolve(DATABASE)));
    try {
      const record = reader.get(address.startsWith('::ffff:') ? address.slice(7) : address) as CountryRecord;
      const code = record?.country_code;
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : undefined;
    } catch {
      // Not an address (mmdb-lib throws): no country.
      return undefined;
    }
  };
}
