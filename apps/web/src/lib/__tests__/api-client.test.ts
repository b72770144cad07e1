import { AUTH_TEXTS, RESPONSE_HANDLING_GRACE_MS, RUNTIME_CONFIG_DEFAULTS } from '@cuepoint/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, jsonResponse, makeUser, signIn, stubFetch } from '../../test/fixtures.ts';
import { ApiError, apiRequest, apiV1Base, apiV1Request, CLIENT_TEXTS, onApiError } from '../api-client.ts';
import { setNavigator } from '../navigation.ts';
import { installSessionPolicy } from '../session.ts';

const UI_TIMEOUT = RUNTIME_CONFIG_DEFAULTS.UI_TIMEOUT;
const navigate = vi.fn();
let here = '/overview';

const sentHeaders = (fetchMock: ReturnType<typeof stubFetch>) =>
  new Headers(fetchMock.mock.calls[0]![1]!.headers as Record<string, string>);

beforeEach(() => {
  here = '/overview';
  navigate.mockReset();
  setNavigator(navigate, () => here);
});
afterEach(() => setNavigator());

describe('request headers (spec section 7)', () => {
  it('sends Accept/Content-Type JSON and, with a stored token, Authorization, Auth-Type, User-ID and Login-As', async () => {
    signIn(makeUser({ _id: 'u-42' }), 'tok-1');
    localStorage.setItem('loginasid', 'u-7');
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiRequest('thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/thing');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{"a":1}');
    const headers = sentHeaders(fetchMock);
    expect(Object.fromEntries(headers)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: 'Bearer tok-1',
      'auth-type': 'reg',
      'user-id': 'u-42',
      'login-as': 'u-7',
    });
  });

  it('sends no Login-As without a stored loginasid, and no credentials without a token', async () => {
    signIn();
    let fetchMock = stubFetch(() => jsonResponse(200, {}));
    await apiRequest('thing');
    expect(sentHeaders(fetchMock).has('login-as')).toBe(false);

    localStorage.clear();
    fetchMock = stubFetch(() => jsonResponse(200, {}));
    await apiRequest('thing');
    expect(Object.fromEntries(sentHeaders(fetchMock))).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('derives the second client base from BASE_URL: same origin + /api_v1/', async () => {
    expect(apiV1Base('/api/')).toBe(`${window.location.origin}/api_v1/`);
    expect(apiV1Base('https://api.example.com/api/')).toBe('https://api.example.com/api_v1/');
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    await apiV1Request('flows/1');
    expect(fetchMock.mock.calls[0]![0]).toBe(`${window.location.origin}/api_v1/flows/1`);
  });
});

describe('usertoken (spec section 4)', () => {
  it('replaces the stored token when a 2xx carries it', async () => {
    signIn(makeUser(), 'old');
    stubFetch(() => jsonResponse(200, {}, { usertoken: 'new' }));
    await apiRequest('thing');
    expect(localStorage.getItem('currentUser')).toBe('new');
  });

  it('is ignored on an error answer and when no session is stored', async () => {
    signIn(makeUser(), 'old');
    stubFetch(() => jsonResponse(422, { message: 'no' }, { usertoken: 'new' }));
    await failure(apiRequest('thing'));
    expect(localStorage.getItem('currentUser')).toBe('old');

    localStorage.clear();
    stubFetch(() => jsonResponse(200, {}, { usertoken: 'new' }));
    await apiRequest('thing');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });
});

describe('status handling (spec section 8), main client', () => {
  it.each([400, 401, 402, 403])(
    '%i clears the stored user and goes to /login?refresh=true',
    async (status) => {
      signIn();
      localStorage.setItem('loginasid', 'u-7');
      localStorage.setItem('loginas', 'true');
      localStorage.setItem('history', '["/streams-live"]');
      stubFetch(() => jsonResponse(status, { statusCode: status, error: 'x', message: 'refused' }));
      const error = await failure(apiRequest('thing'));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(error.redirectTo).toBe('/login?refresh=true');
      expect(navigate).toHaveBeenCalledWith('/login?refresh=true');
      for (const key of ['currentUser', 'authType', 'user', 'loginasid', 'loginas']) {
        expect(localStorage.getItem(key)).toBeNull();
      }
      expect(localStorage.getItem('history')).toBe('["/streams-live"]');
    },
  );

  it('remembers the page the session was lost on', async () => {
    signIn();
    here = '/streams-live/abc';
    stubFetch(() => jsonResponse(401, { message: 'expired' }));
    await failure(apiRequest('thing'));
    expect(sessionStorage.getItem('cuepoint.returnTo')).toBe('/streams-live/abc');
  });

  it('isActive false -> /user-activate?email={email}', async () => {
    signIn();
    stubFetch(() =>
      jsonResponse(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: AUTH_TEXTS.notActivated,
        isActive: false,
        isGmanaActive: false,
        email: 'ada+1@example.com',
        firstName: 'Ada',
      }),
    );
    const error = await failure(apiRequest('thing'));
    expect(navigate).toHaveBeenCalledWith('/user-activate?email=ada%2B1%40example.com');
    expect(error.redirectTo).toBe('/user-activate?email=ada%2B1%40example.com');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('isActive true and isGmanaActive false -> first name stored, /account-review', async () => {
    signIn();
    stubFetch(() =>
      jsonResponse(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: AUTH_TEXTS.inReview,
        isActive: true,
        isGmanaActive: false,
        email: 'ada@example.com',
        firstName: 'Ada',
      }),
    );
    await failure(apiRequest('thing'));
    expect(navigate).toHaveBeenCalledWith('/account-review');
    expect(localStorage.getItem('firstName')).toBe('Ada');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('passes a 400 that names fields (a validation answer) to the form, without logging out', async () => {
    signIn();
    stubFetch(() =>
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid',
        fields: [{ field: 'email', message: 'Invalid email' }],
      }),
    );
    const error = await failure(apiRequest('thing', { method: 'POST', body: {} }));
    expect(error.fieldErrors).toEqual({ email: 'Invalid email' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });

  it('leaves the errors of unauthenticated (public page) requests to the page', async () => {
    stubFetch(() =>
      jsonResponse(401, { statusCode: 401, error: 'x', message: AUTH_TEXTS.invalidCredentials }),
    );
    const error = await failure(apiRequest('auth/login', { method: 'POST', body: {} }));
    expect(error.message).toBe(AUTH_TEXTS.invalidCredentials);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('records the target without navigating when asked (route loaders)', async () => {
    signIn();
    stubFetch(() => jsonResponse(401, { message: 'expired' }));
    const error = await failure(apiRequest('thing', { navigateOnAuthFailure: false }));
    expect(error.redirectTo).toBe('/login?refresh=true');
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it.each([404, 409, 422, 429, 500])('%i is passed to the caller, session kept', async (status) => {
    signIn();
    stubFetch(() => jsonResponse(status, { statusCode: status, error: 'x', message: `status ${status}` }));
    const error = await failure(apiRequest('thing'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`status ${status}`);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });
});

describe('the client itself only raises errors', () => {
  afterEach(() => installSessionPolicy());

  it('hands each error answer to the listener first, and decides nothing about the session', async () => {
    const seen: [number, boolean][] = [];
    onApiError((error, request) => seen.push([error.status, request.authenticated]));
    signIn();
    stubFetch(() => jsonResponse(401, { statusCode: 401, error: 'x', message: 'refused' }));
    const error = await failure(apiRequest('thing'));
    expect(error.status).toBe(401);
    expect(error.redirectTo).toBeUndefined();
    expect(seen).toEqual([[401, true]]);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });
});

describe('status handling (spec section 8), second client', () => {
  it('on a login page passes the error on without redirect', async () => {
    signIn();
    here = '/login';
    stubFetch(() => jsonResponse(401, { statusCode: 401, error: 'x', message: 'refused' }));
    const error = await failure(apiV1Request('flows'));
    expect(error.status).toBe(401);
    expect(error.redirectTo).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('elsewhere clears the user and redirects like the main client', async () => {
    signIn();
    stubFetch(() => jsonResponse(403, { statusCode: 403, error: 'x', message: 'refused' }));
    await failure(apiV1Request('flows'));
    expect(navigate).toHaveBeenCalledWith('/login?refresh=true');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it.each([422, 500])('passes %i to the caller', async (status) => {
    signIn();
    stubFetch(() => jsonResponse(status, { statusCode: status, error: 'x', message: 'unprocessable' }));
    const error = await failure(apiV1Request('flows', { method: 'POST', body: {} }));
    expect(error.status).toBe(status);
    expect(error.body?.message).toBe('unprocessable');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('an HTML document as body: lost session', () => {
  it.each([
    [
      'a text/html answer',
      () => new Response('<p>Sign in</p>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ],
    ['a <!doctype body', () => new Response('<!DOCTYPE html><html></html>', { status: 200 })],
    ['an <html body', () => new Response('  <html><body>proxy</body></html>', { status: 502 })],
  ])('%s clears the user and goes to /login?refresh=true', async (_name, response) => {
    signIn();
    stubFetch(response);
    const error = await failure(apiRequest('thing'));
    expect(error.message).toBe(CLIENT_TEXTS.sessionLost);
    expect(navigate).toHaveBeenCalledWith('/login?refresh=true');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('is only an error for an unauthenticated request', async () => {
    stubFetch(
      () => new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const error = await failure(apiRequest('auth/login', { method: 'POST', body: {} }));
    expect(error.message).toBe(CLIENT_TEXTS.htmlAnswer);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('time-outs', () => {
  it('aborts the request after UI_TIMEOUT', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const result = failure(apiRequest('slow'));
    await vi.advanceTimersByTimeAsync(UI_TIMEOUT - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await result;
    expect(error.status).toBe(0);
    expect(error.message).toBe(CLIENT_TEXTS.requestTimedOut);
  });

  it("fails with 'Response handling timed out' after UI_TIMEOUT + 500 ms", async () => {
    vi.useFakeTimers();
    // The answer's headers arrive, its body never does.
    const stalled = {
      ok: true,
      status: 200,
      headers: new Headers(),
      text: () => new Promise<string>(() => {}),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => stalled as unknown as Response),
    );
    let settled = false;
    const result = failure(apiRequest('stalled')).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(UI_TIMEOUT + RESPONSE_HANDLING_GRACE_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error.message).toBe('Response handling timed out');
  });

  it('reports an unreachable server without a time-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(apiRequest('thing'));
    expect(error.message).toBe(CLIENT_TEXTS.unreachable);
  });
});
