import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn, stubApi } from '../../test/fixtures.ts';
import { ApiError, apiRequest, CLIENT_TEXTS, markSignedInPages } from '../api-client.ts';
import { setNavigator } from '../navigation.ts';
import { logout } from '../session.ts';

// Issue 22: a logout while the page still loads must not leave requests that the server answers
// 401 once it has revoked the session (the browser logs each as an error).

// The signed-in shell is shown until the navigation to the login page takes it away.
const navigate = vi.fn((_to: string) => {
  setTimeout(() => markSignedInPages(false), 10);
});
beforeEach(() => {
  markSignedInPages(true);
  setNavigator(navigate, () => '/overview');
});
afterEach(() => setNavigator());

describe('logout with requests in flight', () => {
  it('lets the requests in flight finish first, refuses new ones locally, then signs out', async () => {
    signIn();
    const order: string[] = [];
    let answerSummary!: () => void;
    const fetchMock = stubApi({
      'GET overview/summary': () =>
        new Promise<Response>((resolve) => {
          answerSummary = () => {
            order.push('summary answered');
            resolve(jsonResponse(200, { counts: {} }));
          };
        }),
      'POST auth/logout': () => {
        order.push('logout');
        return jsonResponse(200, { message: 'ok' });
      },
    });
    const summary = apiRequest('overview/summary');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 10_000 });

    const leaving = logout();
    // A poll that starts now does not reach the server.
    const poll = apiRequest('alarm/alarms').catch((error: unknown) => error);
    const refused = await poll;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 0, message: CLIENT_TEXTS.sessionLost, sessionClosed: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);

    answerSummary();
    await summary;
    await leaving;
    expect(order).toEqual(['summary answered', 'logout']);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/overview/summary',
      '/api/auth/logout',
    ]);
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/login');

    // The signed-in pages are gone (the login page shows): requests go out again.
    stubApi({ 'GET health': () => jsonResponse(200, { status: 'ok' }) });
    await expect(apiRequest('health')).resolves.toEqual({ status: 'ok' });
  });
});
