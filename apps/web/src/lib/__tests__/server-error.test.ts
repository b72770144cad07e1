import { ACCOUNT_TEXTS, errorResponseSchema } from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiError, CLIENT_TEXTS } from '../api-client.ts';
import { serverErrorText, toastServerError } from '../server-error.ts';

// Spec section 8: "Server errors show a toast with the response message when showMessage is true,
// else blank (profile/account/token) or the fallback 'Sorry something went wrong while upgrading
// plans' (8 s)."

const answer = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, { statusCode: status, error: 'x', message: 'Server words', ...body });

describe('serverErrorText', () => {
  it("is the server's message when the answer says showMessage: true", () => {
    expect(serverErrorText(answer(500, { showMessage: true }))).toBe('Server words');
    expect(serverErrorText(answer(409, { showMessage: true }), 'Fallback')).toBe('Server words');
  });

  it('is blank, or the fallback, when it does not', () => {
    for (const body of [{}, { showMessage: false }, { showMessage: 'true' }]) {
      expect(serverErrorText(answer(500, body))).toBe('');
      expect(serverErrorText(answer(500, body), ACCOUNT_TEXTS.upgradeFailed)).toBe(
        ACCOUNT_TEXTS.upgradeFailed,
      );
    }
    // A 4xx with fields is no different: its field messages go under the fields.
    expect(serverErrorText(answer(400, { fields: [{ field: 'a', message: 'b' }] }))).toBe('');
  });

  it('is the fallback for an answer with no body (a bare status) and for anything not an API error', () => {
    expect(serverErrorText(new ApiError(502, undefined))).toBe('');
    expect(serverErrorText(new Error('a bug'), 'Fallback')).toBe('Fallback');
    expect(serverErrorText('what', 'Fallback')).toBe('Fallback');
  });

  it("keeps the console's own words when no answer came (not a server message)", () => {
    expect(serverErrorText(new ApiError(0, undefined, CLIENT_TEXTS.unreachable))).toBe(
      CLIENT_TEXTS.unreachable,
    );
    expect(serverErrorText(new ApiError(0, undefined, CLIENT_TEXTS.requestTimedOut), 'x')).toBe(
      CLIENT_TEXTS.requestTimedOut,
    );
  });

  it('reads the field the shared error schema declares', () => {
    const body = errorResponseSchema.parse({ statusCode: 409, error: 'x', message: 'm', showMessage: true });
    expect(serverErrorText(new ApiError(409, body))).toBe('m');
  });
});

describe('toastServerError', () => {
  let show: MockInstance<typeof notifications.show>;
  beforeEach(() => {
    show = vi.spyOn(notifications, 'show').mockImplementation(() => 'toast-id');
  });
  afterEach(() => show.mockRestore());

  it('toasts an error (4 s) with those words', () => {
    toastServerError(answer(500, { showMessage: true }));
    toastServerError(answer(500, {}));
    expect(show.mock.calls.map(([n]) => [n.message, n.color, n.autoClose])).toEqual([
      ['Server words', 'red', 4000],
      ['', 'red', 4000],
    ]);
  });

  it('takes a fallback, a duration and a warning type', () => {
    toastServerError(answer(500, {}), { fallback: ACCOUNT_TEXTS.upgradeFailed, duration: 'long' });
    toastServerError(answer(409, {}), { type: 'warning', fallback: 'Left login-as' });
    expect(show.mock.calls.map(([n]) => [n.message, n.color, n.autoClose])).toEqual([
      [ACCOUNT_TEXTS.upgradeFailed, 'red', 8000],
      ['Left login-as', 'yellow', 4000],
    ]);
  });

  it('says nothing when the API client already ended the session and left the page', () => {
    const error = answer(403, { showMessage: true });
    error.redirectTo = '/login?refresh=true';
    expect(toastServerError(error)).toBeUndefined();
    expect(show).not.toHaveBeenCalled();
  });
});
