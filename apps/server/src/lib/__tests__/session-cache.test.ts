import { describe, expect, it } from 'vitest';
import type { CustomerRow, UserRow } from '../../db/schema/index.ts';
import type { ActiveSession } from '../../repositories/sessions.ts';
import { SessionCache } from '../session-cache.ts';

const session = (
  sessionId: string,
  userId: string,
  expiresAt = 10_000_000,
  customerId = 'c',
): ActiveSession => ({
  sessionId,
  familyId: sessionId,
  createdAt: new Date(0),
  replacedAt: null,
  lastUsedAt: new Date(0),
  expiresAt: new Date(expiresAt),
  user: { id: userId } as UserRow,
  customer: { id: customerId } as CustomerRow,
});

describe('SessionCache', () => {
  it('answers a cached session until its time-to-live', () => {
    const cache = new SessionCache(1000);
    cache.set('h1', session('s1', 'u1'), 0);
    expect(cache.get('h1', 999)?.sessionId).toBe('s1');
    expect(cache.get('h1', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never answers a session past its own expiry', () => {
    const cache = new SessionCache(60_000);
    cache.set('h1', session('s1', 'u1', 500), 0);
    expect(cache.get('h1', 499)).toBeDefined();
    expect(cache.get('h1', 500)).toBeUndefined();
  });

  it('forgets by session and by user', () => {
    const cache = new SessionCache();
    cache.set('h1', session('s1', 'u1'), 0);
    cache.set('h2', session('s2', 'u1'), 0);
    cache.set('h3', session('s3', 'u2'), 0);
    cache.deleteSession('s3');
    expect(cache.get('h3', 1)).toBeUndefined();
    cache.deleteUser('u1');
    expect(cache.size).toBe(0);
  });

  it('forgets every session of a customer account', () => {
    const cache = new SessionCache();
    cache.set('h1', session('s1', 'u1', 10_000_000, 'c1'), 0);
    cache.set('h2', session('s2', 'u2', 10_000_000, 'c1'), 0);
    cache.set('h3', session('s3', 'u3', 10_000_000, 'c2'), 0);
    cache.deleteCustomer('c1');
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h2', 1)).toBeUndefined();
    expect(cache.get('h3', 1)?.sessionId).toBe('s3');
  });

  it('evicts the oldest entry when full', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('h1', session('s1', 'u1'), 0);
    cache.set('h2', session('s2', 'u2'), 0);
    cache.set('h3', session('s3', 'u3'), 0);
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h2', 1)).toBeDefined();
    expect(cache.get('h3', 1)).toBeDefined();
  });
});
