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
