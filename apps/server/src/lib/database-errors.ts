/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a few seconds.';

/** Network errors, and the SQLSTATEs of a server that is down, starting or out of connections. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  'PGlite is closed',
  'Connection terminated',
  'Cannot use a pool after calling end on the pool',
  'timeout exceeded when trying to connect',
  // node-postgres, for a query on a connection already lost: what a transaction cut mid-way
  // throws (Drizzle's ROLLBACK fails with it and that error replaces the first one).
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error (or one it wraps: Drizzle wraps the driver's) means the database cannot be
 * reached right now, as opposed to a query that failed: those answers are 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // A client error (an aborted body is ECONNRESET with statusCode 400) is the client's, not ours.
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status < 500) return false;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

const UNIQUE_VIOLATION = '23505';

/** Whether an error (or one it wraps: Drizzle wraps the driver's) is a unique-index violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * Runs `work` and throws `problem()` instead of a unique-index violation it ends in: the index
 * decides races the checks before the write cannot (two sign-ups with one email at once).
 */
export async function onUniqueViolation<T>(work: () => Promise<T>, problem: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw problem();
    throw error;
  }
}
