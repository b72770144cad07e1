import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCES_COOKIE, readPreferences, writePreferences } from '../../lib/preferences.ts';
import { AppProviders } from '../providers.tsx';
import { ColorSchemeSwitch } from '../shell/header.tsx';

// Issue 22: the colour-scheme manager's `set` wrote the preference, which told its subscriber
// (Mantine's setColorScheme), which called `set` again: "Maximum call stack size exceeded" on
// every change of the dark-mode switch, and of any other display preference.

/** Counts the writes of the preferences cookie (the one `document.cookie =` per change). */
function countCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      if (value.startsWith(`${PREFERENCES_COOKIE}=`)) writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
  return writes;
}

const errors: unknown[] = [];
const onError = (event: ErrorEvent) => errors.push(event.error);

beforeEach(() => {
  window.history.replaceState(null, '', '/app/overview');
  errors.length = 0;
  window.addEventListener('error', onError);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  Reflect.deleteProperty(document, 'cookie');
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie under test
  document.cookie = `${PREFERENCES_COOKIE}=; path=/app/; max-age=0`;
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  window.history.replaceState(null, '', '/');
});

function renderSwitch() {
  const consoleError = vi.spyOn(console, 'error');
  render(
    <AppProviders>
      <ColorSchemeSwitch />
    </AppProviders>,
  );
  return { switch: screen.getByRole('switch', { name: 'Dark mode' }), consoleError };
}

describe('display preferences in the running console', () => {
  it('the dark-mode switch changes the scheme, throws nothing and writes the cookie once', () => {
    const { switch: toggle, consoleError } = renderSwitch();
    const writes = countCookieWrites();
    expect(toggle).not.toBeChecked();

    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(readPreferences().colorScheme).toBe('dark');
    expect(writes).toHaveLength(1);

    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(readPreferences().colorScheme).toBe('light');
    expect(writes).toHaveLength(2);
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('another preference (direction, sidebar) writes the cookie once and leaves the scheme', () => {
    const { switch: toggle, consoleError } = renderSwitch();
    const writes = countCookieWrites();
    act(() => {
      writePreferences({ direction: 'rtl' });
    });
    expect(writes).toHaveLength(1);
    act(() => {
      writePreferences({ sidebar: 'compact' });
    });
    expect(writes).toHaveLength(2);
    expect(readPreferences()).toEqual({ colorScheme: 'light', direction: 'rtl', sidebar: 'compact' });
    expect(toggle).not.toBeChecked();
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a scheme written elsewhere reaches the switch, with no second write', () => {
    const { switch: toggle } = renderSwitch();
    const writes = countCookieWrites();
    act(() => {
      writePreferences({ colorScheme: 'dark' });
    });
    expect(toggle).toBeChecked();
    expect(writes).toHaveLength(1);
  });
});
