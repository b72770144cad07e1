import { describe, expect, it } from 'vitest';
import { isEntryVisible, type NavigationFlags, type NavigationUser } from '../navigation.ts';

const FLAGS: NavigationFlags = {
  MONITOR: 1,
  PLAYOUT: 1,
  SHOWPODS: 1,
  ENCODER: 1,
  APIDOC: 1,
  NEWAPIDOCS: 1,
  MANUAL: 0,
  MANUAL_URL: '',
};
const userOf = (isMainAdmin: boolean, paymentCustomerId: string | null = null): NavigationUser => ({
  profile: { isMainAdmin },
  customerObj: [{ paymentCustomerId }],
});
const ADMIN = userOf(true);
const MEMBER = userOf(false);

describe('isEntryVisible', () => {
  it('shows Alarms to a main administrator only', () => {
    expect(isEntryVisible('alarms', ADMIN, FLAGS)).toBe(true);
    expect(isEntryVisible('alarms', MEMBER, FLAGS)).toBe(false);
  });

  it('finds nested entries: Pods under Demand follows SHOWPODS', () => {
    expect(isEntryVisible('pods', MEMBER, FLAGS)).toBe(true);
    expect(isEntryVisible('pods', MEMBER, { ...FLAGS, SHOWPODS: 0 })).toBe(false);
    expect(isEntryVisible('pods', ADMIN, { ...FLAGS, SHOWPODS: 0 })).toBe(false);
  });

  it('answers for groups too: Demand stays while it has a visible child', () => {
    expect(isEntryVisible('demand', MEMBER, { ...FLAGS, SHOWPODS: 0 })).toBe(true);
  });

  it('applies flags and login-as like the sidebar', () => {
    expect(isEntryVisible('streams-monitor', ADMIN, FLAGS)).toBe(true);
    expect(isEntryVisible('streams-monitor', ADMIN, { ...FLAGS, MONITOR: 0 })).toBe(false);
    expect(isEntryVisible('create-billing', ADMIN, FLAGS)).toBe(true);
    expect(isEntryVisible('create-billing', ADMIN, FLAGS, { loginAs: true })).toBe(false);
    expect(isEntryVisible('billing', userOf(false, 'cus_123'), FLAGS)).toBe(true);
    expect(isEntryVisible('billing', MEMBER, FLAGS)).toBe(false);
  });

  it('never shows an unknown id', () => {
    expect(isEntryVisible('no-such-entry', ADMIN, FLAGS)).toBe(false);
    expect(isEntryVisible('', MEMBER, FLAGS)).toBe(false);
  });
});
