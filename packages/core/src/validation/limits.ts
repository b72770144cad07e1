/**
 * Bounds and option lists the rules check against. Those written in the spec (sections 3, 5 and 9)
 * are quoted; those the spec leaves open are chosen here, each with its reason beside it.
 */

// ---- Written in the spec -------------------------------------------------------------------

/** Logo minimum resolution (sections 5 and 9): 260 wide by 220 high. */
export const LOGO_MIN_WIDTH = 260;
export const LOGO_MIN_HEIGHT = 220;
/** Logo file types (section 5). */
export const LOGO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
/** The login logo also accepts .gif (section 5). */
export const LOGIN_LOGO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;
/** Custom-domain certificate and private-key file types (section 5). */
export const CERTIFICATE_EXTENSIONS = ['.crt', '.pem'] as const;
export const PRIVATE_KEY_EXTENSIONS = ['.key', '.pem'] as const;

/** Organisation types (section 3), spelling as written ('Distributer'). */
export const ORGANIZATION_TYPES = [
  'Agency',
  'Distributer',
  'DSP or Trading Desk',
  'SSP',
  'Publisher',
  'System architect',
  'Other',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Break interval: 0 (no breaks) or at least 5. */
export const BREAK_INTERVAL_MIN = 5;
/** Bundle percentages must total exactly this. */
export const BUNDLES_TOTAL_PERCENT = 100;
/** Year must be above this (section 9: "year above 1995") and at most the current year. */
export const YEAR_AFTER = 1995;
/** Duration range, inclusive (section 9: "duration 0.1 to 4"). */
export const DURATION_MIN = 0.1;
export const DURATION_MAX = 4;
/** Admin note and user note limit (section 9). */
export const NOTE_MAX_LENGTH = 3000;
/** Trigger duration must be at least this. */
export const TRIGGER_DURATION_MIN = 1;
/** Transition values (section 5). */
export const TRANSITIONS = ['distance', 'fade', 'fadewhite', 'fadeblack', 'dissolve', 'scaling'] as const;
export type Transition = (typeof TRANSITIONS)[number];
/** Date-time format of start/end dates (sections 5 and 9). */
export const DATE_TIME_FORMAT = 'MM-DD-YYYYTHH:mm:ss';

// ---- Chosen here: the spec leaves these open -------------------------------------------------

/**
 * Password minimum length: 8. NIST SP 800-63B sets 8 as the minimum for user-chosen passwords, and
 * with the required mix of lower, upper, digit and special character 8 already gives a large
 * search space. The spec's message reads "should be more than {length} characters long"; like
 * its break-interval text ("greater than 5" for "at least 5") the bound is inclusive: 8 is accepted.
 */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Password maximum length: 64. NIST SP 800-63B asks verifiers to accept at least 64 characters
 * (room for pass-phrases), and 64 ASCII characters stay under bcrypt's 72-byte input limit, so
 * no character a user types is silently ignored by a bcrypt hash. Inclusive.
 */
export const PASSWORD_MAX_LENGTH = 64;
/**
 * Redis key maximum length: 255. Redis itself allows keys up to 512 MB but recommends short keys;
 * 255 is far beyond any meaningful key name, keeps a key printable in one log line and fits a
 * VARCHAR(255) column where the key is stored with its configuration. Inclusive.
 */
export const REDIS_KEY_MAX_LENGTH = 255;
/**
 * Daily impression budget range, inclusive: 1 to 1,000,000,000. A budget of 0 would deliver
 * nothing (pausing is the way to stop delivery), so 1 is the smallest budget that means something.
 * One billion per day is two orders of magnitude above the Enterprise commitment (10M impressions,
 * section 9) spread over a month, and stays within a signed 32-bit integer column.
 */
export const DAILY_BUDGET_MIN = 1;
export const DAILY_BUDGET_MAX = 1_000_000_000;

// ---- Input size and number bounds: chosen here, so no value is unbounded ----------------------
//
// The spec bounds few numbers; every other number a schema accepts gets a finite maximum below,
// so a payload such as `duration: 1e300` is refused with a 400 instead of being stored and later
// breaking arithmetic, sorting or the data plane. Lower bounds stay the spec's (or "above zero").

/**
 * Longest email address: 320 characters, RFC 5321's 64-octet local part, '@' and 255-octet
 * domain. Checked before any pattern runs, so the work an address costs is bounded.
 */
export const EMAIL_MAX_LENGTH = 320;
/** A duration in seconds the spec does not bound: 24 hours (no asset, break or timer runs a day). */
export const DURATION_SECONDS_MAX = 86_400;
/** A duration in milliseconds the spec does not bound: the same 24 hours. */
export const DURATION_MS_MAX = 86_400_000;
/** Break interval in minutes: 1440, one ad break a day (the spec's lower rule, 0 or at least 5, stays). */
export const BREAK_INTERVAL_MAX = 1_440;
/** Encoder input probe duration in seconds: 10 minutes, far beyond any input's start-up analysis. */
export const PROBE_DURATION_MAX = 600;
/** Ads in one ad pod: 100, more than any break holds (a pod is a few 15-30 s spots). */
export const AD_POD_LENGTH_MAX = 100;
/** Ad frequency cap: 10,000 impressions, ten times the spec's default of 1000. */
export const AD_FREQUENCY_CAP_MAX = 10_000;
/** Ad decisions fetched ahead: 100, far above the spec's default of 3. */
export const PREFETCH_COUNT_MAX = 100;
/** Pods of one stream (min, max, desired): 1000, well past any single channel's scale-out. */
export const PODS_MAX = 1_000;
/** A share of traffic in percent: at most 100. */
export const PERCENTAGE_MAX = 100;
/** Encoder GOP in frames: 3600, one minute at 60 fps (real GOPs are a few seconds). */
export const GOP_MAX = 3_600;
/** HLS segment length in seconds: 60 (Apple recommends 6; longer ones stall every player). */
export const SEGMENT_SIZE_MAX = 60;
/** HLS playlist length and delete threshold, in segments: 1000 (over 16 hours of 60 s segments). */
export const PLAYLIST_SEGMENTS_MAX = 1_000;
/** Encoder bandwidth in kbit/s: 1,000,000 (1 Gbit/s, above any compressed video stream). */
export const BANDWIDTH_MAX = 1_000_000;
/** UTC offsets in hours: -12 (Baker Island) to +14 (Kiribati), the whole range in use. */
export const TIMEZONE_OFFSET_MIN = -12;
export const TIMEZONE_OFFSET_MAX = 14;
/**
 * Any other number of no known unit (a threshold, a generic positive or non-zero field): the
 * largest signed 32-bit integer, what an integer column stores and what no real setting needs.
 */
export const NUMBER_MAX = 2_147_483_647;

// ---- Text lengths: chosen here, one set for every write path (issue 46) ----------------------
//
// Every text a write accepts (sign-up, the profile, the team, the account, each resource, the
// platform configuration...) is bounded by one of these, checked before the field's own rules
// and answered 'Must be at most {max} characters' (or the field's own message where the spec
// words one, such as the note's), so no path stores what another refuses. The spec bounds only
// the notes (3000, above); the other bounds are ours, each with its reason. Characters are
// counted as zod counts them (code points).

export const TEXT_LIMITS = {
  /** A person's first or last name: 100, sign-up's bound since it was written. */
  personName: 100,
  /**
   * A phone number: 40, sign-up's bound. E.164 numbers have at most 15 digits; 40 leaves room for
   * a '+', spaces, brackets and an extension, and keeps every number sign-up stored saveable.
   */
  phone: 40,
  /** A job title: 100, as a name. */
  jobTitle: 100,
  /** A country (the profile's: a code, or a name; the longest name in use has 56 characters). */
  country: 100,
  /** A record's name (resources, and labels inside them such as a layout's or a bundle share's). */
  name: 120,
  /** One line shown to viewers or users: a text overlay, a VOD title. */
  line: 200,
  /** A description: 3000, as a note. */
  description: NOTE_MAX_LENGTH,
  /** A note: the spec's 3000. */
  note: NOTE_MAX_LENGTH,
  /** A tag of a VOD asset. */
  tag: 50,
  /**
   * A URL: 2048, what browsers, CDNs and ad servers reliably handle (longer ad tags are cut by
   * some players), far beyond any stream or ad tag URL with its macros.
   */
  url: 2048,
  /** A secret or opaque value: an Akamai token, an ad exchange value. Hex keys are tens of characters. */
  token: 1024,
  /** A marketplace customer token (sign-up's bound: the marketplaces' registration tokens are long). */
  marketplaceToken: 2048,
  /** An email address: RFC 5321's 320. */
  email: EMAIL_MAX_LENGTH,
  /** A domain name: DNS's 253. */
  domain: 253,
  /** An id written as text (a UUID is 36). */
  id: 36,
  /**
   * A date or time written as text: 'MM-DD-YYYYTHH:mm:ss' is 19, ISO 8601 with nanoseconds and an
   * offset (RFC 3339 as Go writes it) 35.
   */
  dateTime: 40,
  /**
   * An IP address or CIDR range: IPv4 '255.255.255.255/32' is 18, IPv6 with an IPv4 tail
   * 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255/128' 49.
   */
  ipOrCidr: 49,
  /** A Kubernetes key: a 253-character DNS prefix, '/', and a 63-character name. */
  kubernetesKey: 317,
  /** A Kubernetes label or toleration value: 63. */
  kubernetesValue: 63,
  /**
   * Config JSON (text, or an object as JSON): 16,384 characters, hundreds of settings; a
   * configuration is read on every playback request, so it stays small.
   */
  json: 16_384,
  /** A regular expression: 1024, longer patterns are no rule anyone reads. */
  regex: 1024,
  /** Any other short text (a DTMF sequence, a 'required *' value): 200. */
  text: 200,
} as const;
