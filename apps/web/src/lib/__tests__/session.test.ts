import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, signIn, stubApi } from '../../test/fixtures.ts';
import { setNavigator } from '../navigation.ts';
import { loadCurrentUser, logout, resetSession, resolveStoredSession, sessionState } from '../session.ts';
import { clearStorageOnLogout, rememberTarget, takeRememberedTarget } from '../storage.ts';

const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate, () => '/overview');
});
afterEach(() => setNavigator());

describe('logout (spec section 4)', () => {
  const fill = () => {
    signIn();
    for (const [key, value] of Object.entries({
      loginasid: 'u-7',
      loginas: 'true',
      firstName: 'Ada',
      history: '["/streams-live"]',
      defaultEventDuration: '30',
      other: 'x',
    })) {
      localStorage.setItem(key, value);
    }
  };

  it('posts auth/logout, clears local storage except history and defaultEventDuration, goes to /login', async () => {
    fill();
    const fetchMock = stubApi({ 'POST auth/logout': () => jsonResponse(200, { message: 'ok' }) });
    await logout();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      new Headers(fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).get('authorization'),
    ).toBe('Bearer token-1');
    expect({ ...localStorage }).toEqual({ history: '["/streams-live"]', defaultEventDuration: '30' });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ignores a failed logout call (expired token, network) and still clears and leaves', async () => {
    fill();
    stubApi({ 'POST auth/logout': () => jsonResponse(401, { message: 'expired' }) });
    await logout();
    expect(Object.keys(localStorage).sort()).toEqual(['defaultEventDuration', 'history']);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');

    fill();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await logout();
    expect(Object.keys(localStorage).sort()).toEqual(['defaultEventDuration', 'history']);
  });

  it('keeps nothing else when the kept keys are absent', () => {
    signIn();
    clearStorageOnLogout();
    expect(localStorage.length).toBe(0);
  });
});

describe('session states: no user -> profile fetched -> active', () => {
  it('fetches the profile once with GET user/getUser/{id}', async () => {
    signIn(makeUser({ _id: 'u-9' }));
    const user = makeUser({ _id: 'u-9' });
    let release: (r: Response) => void = () => {};
    const fetchMock = stubApi({ 'GET user/getUser/u-9': () => new Promise<Response>((r) => (release = r)) });
    expect(sessionState()).toBe('none');
    const loading = loadCurrentUser('u-9');
    expect(sessionState()).toBe('fetching');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 10_000 });
    release(jsonResponse(200, user));
    await expect(loading).resolves.toEqual(user);
    expect(sessionState()).toBe('active');
    await loadCurrentUser('u-9');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('remembered target', () => {
  it('keeps a console path once, and refuses public pages and other sites', () => {
    rememberTarget('/streams-live/abc?tab=2');
    expect(takeRememberedTarget()).toBe('/streams-live/abc?tab=2');
    expect(takeRememberedTarget()).toBeNull();
    for (const target of ['//evil.example', 'https://evil.example', '/login', '/signup?x=1', '/']) {
      rememberTarget(target);
      expect(takeRememberedTarget()).toBeNull();
    }
  });
});

describe('resolveStoredSession (the error page: a user in session state and local storage)', () => {
  afterEach(() => resetSession());

  it('answers false without a call when no session is stored', async () => {
    const fetchMock = stubApi({});
    await expect(resolveStoredSession()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the stored user once on a fresh page life, then answers true', async () => {
    const user = makeUser();
    signIn(user);
    const fetchMock = stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    expect(sessionState()).toBe('none');
    await expect(resolveStoredSession()).resolves.toBe(true);
    expect(sessionState()).toBe('active');
    await expect(resolveStoredSession()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('during login-as resolves the user acted as (the same call as the protected pages)', async () => {
    signIn(makeUser({ _id: 'admin-1' }));
    localStorage.setItem('loginasid', 'u-7');
    const fetchMock = stubApi({ 'GET user/getUser/u-7': () => jsonResponse(200, makeUser({ _id: 'u-7' })) });
    await expect(resolveStoredSession()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a refused session: false, the stored user cleared, no navigation, the remembered target kept', async () => {
    signIn();
    rememberTarget('/slates?q=x');
    stubApi({ 'GET user/getUser/u-1': () => jsonResponse(401, { statusCode: 401, message: 'expired' }) });
    await expect(resolveStoredSession()).resolves.toBe(false);
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    // Not the page the error showed on (here /overview, as the navigator reports it).
    expect(takeRememberedTarget()).toBe('/slates?q=x');
  });

  it('a failed call (no answer): false, the stored session kept', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(resolveStoredSession()).resolves.toBe(false);
    expect(localStorage.getItem('currentUser')).toBe('token-1');
    expect(takeRememberedTarget()).toBeNull();
  });
});
