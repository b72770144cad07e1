/**
 * VAST macro expansion (VAST 4.2 section 6). Values are URL-encoded. A macro the caller knows but
 * has no value for becomes -1, an unknown one -2, as VAST 4.1+ asks; `keepUnknown` leaves
 * unknown macros in place for servers that do their own replacement.
 */
export type MacroValues = Record<string, string | number | undefined>;

const KNOWN = new Set([
  'ERRORCODE',
  'REASON',
  'CACHEBUSTING',
  'TIMESTAMP',
  'CONTENTPLAYHEAD',
  'MEDIAPLAYHEAD',
  'ADPLAYHEAD',
  'ASSETURI',
  'ADSERVINGID',
  'BREAKPOSITION',
  'ADTYPE',
  'UNIVERSALADID',
  'PLAYERSTATE',
  'DEVICEUA',
  'IFA',
  'IFATYPE',
  'CLIENTUA',
  'SERVERUA',
  'APPBUNDLE',
  'PAGEURL',
  'DOMAIN',
  'LIMITADTRACKING',
  'REGULATIONS',
  'GDPRCONSENT',
  'PODSEQUENCE',
  'ADCOUNT',
  'TRANSACTIONID',
]);

export function expandMacros(template: string, values: MacroValues, keepUnknown = false): string {
  return template.replace(/\[([A-Z_]+)\]/g, (whole, name: string) => {
    const v = values[name];
    if (v !== undefined) return encodeURIComponent(String(v));
    if (KNOWN.has(name)) return '-1';
    return keepUnknown ? whole : '-2';
  });
}

/** VAST [TIMESTAMP]: ISO 8601 with milliseconds and offset. */
export function vastTimestamp(nowMs: number): string {
  return new Date(nowMs).toISOString().replace('Z', '+00:00');
}

/** VAST [CACHEBUSTING]: an 8-digit random number from the given source of randomness. */
export function cacheBuster(random: () => number): string {
  return String(Math.floor(random() * 90_000_000) + 10_000_000);
}

/** Expands the error URLs of an issue, ready to be fired by the serving layer. */
export function errorBeacons(
  urls: readonly string[],
  code: number,
  ctx: { now: number; random: () => number; values?: MacroValues },
): string[] {
  return urls.map((u) =>
    expandMacros(u, {
      ...ctx.values,
      ERRORCODE: code,
      TIMESTAMP: vastTimestamp(ctx.now),
      CACHEBUSTING: cacheBuster(ctx.random),
    }),
  );
}
