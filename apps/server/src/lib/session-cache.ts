import type { ActiveSession } from '../repositories/sessions.ts';
import { CappedMap } from './capped-map.ts';

/**
 * Live sessions by token hash, so that an authenticated read does not pay a database round trip
 * for its token. Used only where one process owns the data (the embedded PGlite, which allows a
 * single process per data directory): every logout, revocation or user change goes through this
 * process and drops the entry at once. With PostgreSQL several API processes may run, so none is
 * kept there (a shared Redis cache would be the next step).
 */
export class SessionCache {
  /** The oldest written entry is dropped first. */
  readonly #entries: CappedMap<string, { session: ActiveSession; until: number }>;

  constructor(
    readonly ttlMs = 15_000,
    readonly maxEntries = 10_000,
  ) {
    this.#entries = new CappedMap(maxEntries);
  }

  get(tokenHash: string, now = Date.now()): ActiveSession | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.session.expiresAt.getTime() <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(tokenHash: string, session: ActiveSession, now = Date.now()): void {
    this.#entries.set(tokenHash, { session, until: now + this.ttlMs });
  }

  deleteSession(sessionId: string): void {
    for (const [key, entry] of this.#entries)
      if (entry.session.sessionId === sessionId) this.#entries.delete(key);
  }

  /** After a change to a user (or its sessions), forget every cached session of theirs. */
  deleteUser(userId: string): void {
    for (const [key, entry] of this.#entries) if (entry.session.user.id === userId) this.#entries.delete(key);
  }

  /** After a change to a customer account (de-activation), forget every cached session of its users. */
  deleteCustomer(customerId: string): void {
    for (const [key, entry] of this.#entries)
      if (entry.session.customer.id === customerId) this.#entries.delete(key);
  }

  get size() {
    return this.#entries.size;
  }
}
