/** Business constants and limits of spec section 9 (and the layout sizes of section 2). */

/** The console's base path. */
export const CONSOLE_BASE = '/app/';
/** The main API's mount point (the spec's BASE_URL default) and the second client's. */
export const API_PREFIX = '/api';
export const API_V1_PREFIX = '/api_v1';

export const PAGE_SIZES = [10, 20, 50, 100, 'All'] as const;

export const TOAST_DURATION_MS = {
  default: 4000,
  short: 4000,
  medium: 6000,
  long: 8000,
  sticky: 60_000,
} as const;
export const ALARM_POLL_MS = 30_000;

export const LAYOUT = {
  headerHeight: 60,
  sidebarWidth: 200,
  sidebarCompactWidth: 150,
  sidebarMinimisedWidth: 50,
  asideWidth: 250,
  filterDrawerMaxWidth: 500,
} as const;

export const BREAKPOINTS = { xs: 576, sm: 768, md: 992, lg: 1200 } as const;

export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** Response handling times out this long after UI_TIMEOUT. */
export const RESPONSE_HANDLING_GRACE_MS = 500;

/**
 * Storage quota of one customer account, in bytes: every file it uploaded counts (slate videos,
 * logos, login logos, custom-domain certificates and private keys).
 */
export const CUSTOMER_STORAGE_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;
