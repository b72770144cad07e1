import type { User } from '@cuepoint/core';
import { vi } from 'vitest';
import type { ApiError } from '../lib/api-client.ts';

/** A user as GET user/getUser and POST auth/login answer it. */
export const makeUser = (overrides: Partial<User> = {}): User => ({
  _id: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobilePhone: '+44 20 7946 0000',
  jobTitle: null,
  country: 'GB',
  organizationType: 'Publisher',
  email: 'ada@example.com',
  profile: { isMainAdmin: false },
  isActive: true,
  isGmanaActive: true,
  role: 'owner',
  customerId: {
    _id: 'c-1',
    name: 'Analytical Engines',
    subDomainName: 'engines',
    paymentPlan: 'standard',
    timezone: 0,
    paymentCustomerId: null,
    enableAPI: false,
  },
  customerObj: [{ _id: 'c-1', paymentCustomerId: null }],
  ...overrides,
});

/** Stores a signed-in session as a 'reg' login leaves it. */
export function signIn(user: Pick<User, '_id'> = makeUser(), token = 'token-1') {
  localStorage.setItem('currentUser', token);
  localStorage.setItem('authType', 'reg');
  localStorage.setItem('user', JSON.stringify(user));
}

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Stubs fetch with a handler per "METHOD path" (path below /api/); anything else is a 404. */
export function stubApi(routes: Record<string, (init: RequestInit) => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname.replace(/^\/api\//, '')}`;
    const handler = routes[key];
    return handler ? handler(init) : jsonResponse(404, { statusCode: 404, error: 'Not Found', message: key });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Stubs fetch with one answer for every call, whatever its path (for the API client's own tests). */
export const stubFetch = (response: () => Response | Promise<Response>) => {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

/** The error a call of the API client rejects with; a call that resolves fails the test. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as ApiError,
  );

/**
 * window.matchMedia answering yes for `query` only (a phone-width query, say) and as before for
 * every other; answers the function that puts the original back.
 */
export function stubMediaQuery(query: string): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((asked: string) => ({
    ...original(asked),
    matches: asked === query,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
