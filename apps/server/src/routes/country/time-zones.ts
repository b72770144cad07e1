import type { TimeZoneOption } from '@cuepoint/core';

/**
 * The time zones the account dialog offers: every IANA zone the runtime knows, plus 'UTC', each
 * with its offset at `now` (daylight saving time included), labelled '(UTC+05:30) Asia/Kolkata'
 * and carrying the offset in hours (5.5), sorted by offset, then by name.
 */
export function listTimeZones(now: Date = new Date()): TimeZoneOption[] {
  const zones = new Map<string, number>();
  for (const id of [...Intl.supportedValuesOf('timeZone'), 'UTC']) {
    const name = CURRENT_NAMES[id] ?? id;
    const minutes = zones.has(name) ? null : offsetMinutes(id, now);
    if (minutes !== null) zones.set(name, minutes);
  }
  return [...zones]
    .map(([name, minutes]) => ({ name, minutes }))
    .sort((a, b) => a.minutes - b.minutes || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, minutes }) => ({
      value: `(UTC${formatOffset(minutes)}) ${name}`,
      numerical_value: minutes / 60,
    }));
}

/**
 * ICU (CLDR) still lists some zones under names the IANA database has replaced; users look for
 * the current ones ('Asia/Kolkata', not 'Asia/Calcutta'). Both names work as Intl time zones.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const GMT_OFFSET = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/;

/** The zone's offset from UTC at `now` in minutes (330 for Asia/Kolkata), or null for an unknown zone. */
export function offsetMinutes(timeZone: string, now: Date): number | null {
  let label: string | undefined;
  try {
    label = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return null;
  }
  const match = label ? GMT_OFFSET.exec(label) : null;
  if (!match) return null;
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** '+05:30', '-03:00', '+00:00'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const BUCKET_MS = 15 * 60 * 1000;
let cached: { bucket: number; zones: TimeZoneOption[] } | null = null;

/**
 * `listTimeZones`, computed at most once per quarter hour (offsets change only at daylight saving
 * transitions, which fall on whole or half hours; a quarter hour keeps a change visible quickly).
 * The list derives from the clock alone, so every process computing its own copy is fine.
 */
export function cachedTimeZones(now: Date = new Date()): TimeZoneOption[] {
  const bucket = Math.floor(now.getTime() / BUCKET_MS);
  if (cached?.bucket !== bucket) cached = { bucket, zones: listTimeZones(now) };
  return cached.zones;
}
