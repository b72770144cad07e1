import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn, stubApi } from '../../test/fixtures.ts';
import { setNavigator } from '../navigation.ts';
import {
  applyDirection,
  cookieColorSchemeManager,
  PREFERENCES_COOKIE,
  readPreferences,
  subscribePreferences,
  writePreferences,
} from '../preferences.ts';
import { logout } from '../session.ts';
import { clearStorageOnLogout } from '../storage.ts';

const DEFAULTS = { colorScheme: 'light', direction: 'ltr', sidebar: 'normal' };
const expireCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie under test
  document.cookie = `${PREFERENCES_COOKIE}=; path=/app/; max-age=0`;
};
const cookieValue = (raw: string) => `${PREFERENCES_COOKIE}=${encodeURIComponent(raw)}`;

// The cookie is scoped to /app/, where the console runs.
beforeEach(() => window.history.replaceState(null, '', '/app/overview'));
afterEach(() => {
  expireCookie();
  window.history.replaceState(null, '', '/');
});

describe('readPreferences', () => {
  it('answers the defaults without a cookie', () => {
    expect(document.cookie).not.toContain(PREFERENCES_COOKIE);
    expect(readPreferences()).toEqual(DEFAULTS);
    expect(readPreferences('')).toEqual(DEFAULTS);
    expect(readPreferences('other=1; another=2')).toEqual(DEFAULTS);
  });

  it('reads its own cookie among others', () => {
    expect(
      readPreferences(`a=1; ${cookieValue('colorScheme=dark&direction=rtl&sidebar=compact')}; b=2`),
    ).toEqual({
      colorScheme: 'dark',
      direction: 'rtl',
      sidebar: 'compact',
    });
  });

  it('falls back to the default per key for an unknown or missing value', () => {
    expect(readPreferences(cookieValue('colorScheme=purple&direction=rtl&sidebar='))).toEqual({
      colorScheme: 'light',
      direction: 'rtl',
      sidebar: 'normal',
    });
    expect(readPreferences(cookieValue('sidebar=minimised&direction=sideways'))).toEqual({
      colorScheme: 'light',
      direction: 'ltr',
      sidebar: 'minimised',
    });
    expect(readPreferences(cookieValue('colorScheme=DARK'))).toEqual(DEFAULTS);
    expect(readPreferences(`${PREFERENCES_COOKIE}=garbage`)).toEqual(DEFAULTS);
    expect(readPreferences(`${PREFERENCES_COOKIE}=`)).toEqual(DEFAULTS);
  });

  it('answers the defaults for a cookie with broken percent-encoding instead of throwing', () => {
    expect(readPreferences(`${PREFERENCES_COOKIE}=%E0%A4%A`)).toEqual(DEFAULTS);
  });

  it('does not mistake a cookie whose name only starts the same', () => {
    expect(readPreferences(`${PREFERENCES_COOKIE}-old=${encodeURIComponent('colorScheme=dark')}`)).toEqual(
      DEFAULTS,
    );
  });
});

describe('writePreferences', () => {
  it('round-trips through document.cookie, merging with what is stored', () => {
    expect(writePreferences({ sidebar: 'compact' })).toEqual({ ...DEFAULTS, sidebar: 'compact' });
    expect(readPreferences()).toEqual({ ...DEFAULTS, sidebar: 'compact' });
    writePreferences({ colorScheme: 'dark', direction: 'rtl' });
    expect(readPreferences()).toEqual({ colorScheme: 'dark', direction: 'rtl', sidebar: 'compact' });
    expect(document.cookie).toContain(`${PREFERENCES_COOKIE}=`);
  });

  it('calls subscribers with the new preferences until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribePreferences(listener);
    writePreferences({ direction: 'rtl' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith({ ...DEFAULTS, direction: 'rtl' });
    unsubscribe();
    writePreferences({ direction: 'ltr' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('survives a logout, which clears local storage (the point of the cookie)', async () => {
    writePreferences({ colorScheme: 'dark', sidebar: 'minimised' });
    signIn();
    localStorage.setItem('history', '[]');
    clearStorageOnLogout();
    expect({ ...localStorage }).toEqual({ history: '[]' });
    expect(readPreferences()).toEqual({ colorScheme: 'dark', direction: 'ltr', sidebar: 'minimised' });

    signIn();
    stubApi({ 'POST auth/logout': () => jsonResponse(200, { message: 'ok' }) });
    setNavigator(vi.fn(), () => '/overview');
    try {
      await logout();
    } finally {
      setNavigator();
    }
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(readPreferences()).toEqual({ colorScheme: 'dark', direction: 'ltr', sidebar: 'minimised' });
  });
});

describe('cookieColorSchemeManager', () => {
  it('gets, sets and clears the colour scheme in the cookie', () => {
    const manager = cookieColorSchemeManager();
    expect(manager.get('light')).toBe('light');
    manager.set('dark');
    expect(manager.get('light')).toBe('dark');
    expect(readPreferences().colorScheme).toBe('dark');
    // 'auto' is not a stored preference: the stored scheme stays.
    manager.set('auto');
    expect(manager.get('light')).toBe('dark');
    manager.clear();
    expect(manager.get('dark')).toBe('light');
    expect(readPreferences().colorScheme).toBe('light');
  });

  it('keeps the other preferences when it writes', () => {
    writePreferences({ direction: 'rtl', sidebar: 'compact' });
    const manager = cookieColorSchemeManager();
    manager.set('dark');
    manager.clear();
    expect(readPreferences()).toEqual({ colorScheme: 'light', direction: 'rtl', sidebar: 'compact' });
  });

  it('reports colour scheme changes to its subscriber until it unsubscribes', () => {
    const manager = cookieColorSchemeManager();
    const onUpdate = vi.fn();
    manager.subscribe(onUpdate);
    writePreferences({ colorScheme: 'dark' });
    expect(onUpdate).toHaveBeenLastCalledWith('dark');
    manager.unsubscribe();
    writePreferences({ colorScheme: 'light' });
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });
});

describe('applyDirection', () => {
  afterEach(() => document.documentElement.removeAttribute('dir'));

  it('sets dir on <html>', () => {
    applyDirection('rtl');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    applyDirection('ltr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});
