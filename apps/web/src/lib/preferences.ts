import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/**
 * Display preferences of this browser: theme, text direction and sidebar size (spec section 4,
 * "Interface states"). They live in one first-party cookie, not in local storage, because logout
 * clears local storage except `history` and `defaultEventDuration` (spec section 4) while a theme
 * is the browser's choice and must survive a logout. The cookie is scoped to /app/ and never read
 * by the server.
 */
export type Direction = 'ltr' | 'rtl';
export type SidebarSize = 'normal' | 'compact' | 'minimised';
export interface Preferences {
  colorScheme: 'light' | 'dark';
  direction: Direction;
  sidebar: SidebarSize;
}

export const PREFERENCES_COOKIE = 'cuepoint-ui';
const DEFAULTS: Preferences = { colorScheme: 'light', direction: 'ltr', sidebar: 'normal' };
const ONE_YEAR_S = 365 * 24 * 60 * 60;

const ALLOWED: { [K in keyof Preferences]: readonly Preferences[K][] } = {
  colorScheme: ['light', 'dark'],
  direction: ['ltr', 'rtl'],
  sidebar: ['normal', 'compact', 'minimised'],
};

/** Reads the cookie; anything unknown or malformed falls back to the default. */
export function readPreferences(cookie = document.cookie): Preferences {
  const raw = cookie
    .split(/;\s*/)
    .find((part) => part.startsWith(`${PREFERENCES_COOKIE}=`))
    ?.slice(PREFERENCES_COOKIE.length + 1);
  let decoded = '';
  try {
    decoded = raw ? decodeURIComponent(raw) : '';
  } catch {
    // A malformed cookie must not keep the console from starting: the defaults apply.
  }
  const values = new URLSearchParams(decoded);
  const pick = <K extends keyof Preferences>(key: K): Preferences[K] => {
    const value = values.get(key) as Preferences[K] | null;
    return value !== null && ALLOWED[key].includes(value) ? value : DEFAULTS[key];
  };
  return { colorScheme: pick('colorScheme'), direction: pick('direction'), sidebar: pick('sidebar') };
}

type Listener = (preferences: Preferences) => void;
const listeners = new Set<Listener>();

/**
 * Stores a change and tells the subscribers, once. A change that changes nothing writes nothing
 * and tells no one, so a subscriber that answers with the same value ends there.
 */
export function writePreferences(change: Partial<Preferences>): Preferences {
  const current = readPreferences();
  const next = { ...current, ...change };
  const keys = Object.keys(DEFAULTS) as (keyof Preferences)[];
  if (keys.every((key) => next[key] === current[key])) return current;
  const value = encodeURIComponent(new URLSearchParams(Object.entries(next)).toString());
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie; the Cookie Store API is not in every browser yet
  document.cookie = `${PREFERENCES_COOKIE}=${value}; path=/app/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
  for (const listener of listeners) listener(next);
  return next;
}

export function subscribePreferences(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the document's direction (Mantine and the shell's CSS read `dir` on <html>). */
export function applyDirection(direction: Direction) {
  document.documentElement.setAttribute('dir', direction);
}

/**
 * Mantine's colour scheme, kept in the preferences cookie. Mantine's `setColorScheme` calls `set`,
 * and the subscriber it passes to `subscribe` is that same `setColorScheme`: so the subscriber
 * hears only a colour scheme written by someone else (another preference's write carries the
 * unchanged scheme and is not reported), never the one `set` writes. Otherwise a switch would
 * call itself until the stack overflows.
 */
export const cookieColorSchemeManager = (): MantineColorSchemeManager => {
  let unsubscribe: (() => void) | undefined;
  let known: Preferences['colorScheme'] | undefined;
  const store = (colorScheme: Preferences['colorScheme']) => {
    known = colorScheme;
    writePreferences({ colorScheme });
  };
  return {
    get: (fallback) => {
      known = readPreferences().colorScheme;
      return known ?? fallback;
    },
    set: (value: MantineColorScheme) => {
      if (value === 'light' || value === 'dark') store(value);
    },
    subscribe: (onUpdate) => {
      unsubscribe?.();
      known = readPreferences().colorScheme;
      unsubscribe = subscribePreferences(({ colorScheme }) => {
        if (colorScheme === known) return;
        known = colorScheme;
        onUpdate(colorScheme);
      });
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = undefined;
    },
    clear: () => store(DEFAULTS.colorScheme),
  };
};
