/**
 * The default event duration (seconds), remembered on this device in local storage under
 * `defaultEventDuration`, which logout keeps (spec section 4, STORAGE_KEPT_ON_LOGOUT): it
 * pre-fills the ad break duration of a new event.
 */
import type { STORAGE_KEPT_ON_LOGOUT } from '@cuepoint/core';

const KEY: (typeof STORAGE_KEPT_ON_LOGOUT)[number] = 'defaultEventDuration';
export const FALLBACK_EVENT_DURATION = 30;

const valid = (value: number) => Number.isInteger(value) && value >= 1 && value <= 86_400;

export function readDefaultEventDuration(): number {
  const stored = Number(window.localStorage.getItem(KEY));
  return valid(stored) ? stored : FALLBACK_EVENT_DURATION;
}

/** Stores a whole number of seconds from 1 to a day; anything else is not remembered. */
export function writeDefaultEventDuration(value: number): boolean {
  if (!valid(value)) return false;
  window.localStorage.setItem(KEY, String(value));
  return true;
}
