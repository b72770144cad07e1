import {
  ACCOUNT_TEXTS,
  LIMIT_TEXTS,
  TEXT_LIMITS,
  TEXTS,
  type User,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { CLIENT_TEXTS } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentUserKey } from '../../../lib/session.ts';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { ProfileDialog } from '../components/profile-dialog.tsx';
import { accountUser, jsonBody, renderDialog, shownToasts, spyToasts, type ToastSpy } from './harness.tsx';

// A 249-country select: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

let toasts: ToastSpy;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => toasts.mockRestore());

const user = accountUser({ jobTitle: 'Engineer' });
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

function open(routes: Parameters<typeof stubApi>[0] = {}, who: User = user) {
  signIn(who);
  const fetchMock = stubApi(routes);
  const onClose = vi.fn();
  const view = renderDialog(<ProfileDialog opened onClose={onClose} user={who} />);
  queryClient.setQueryData(currentUserKey(who._id), who);
  return { ...view, fetchMock, onClose, ui: userEvent.setup({ delay: null }) };
}

describe('My Profile', () => {
  it("shows the user's details with the spec's fields", async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: TEXTS.myProfile });
    expect(within(dialog).getByLabelText(/^first name/i, { selector: 'input' })).toHaveValue('Ada');
    expect(input(/^last name/i)).toHaveValue('Lovelace');
    expect(input(/^mobile phone/i)).toHaveValue('+44 20 7946 0000');
    expect(input(/^job title/i)).toHaveValue('Engineer');
    expect(input(/^country/i)).toHaveValue('United Kingdom');
    expect(input(/^organization type/i)).toHaveValue('Publisher');
  });

  it('saves the profile with PUT user/editUser/{id}, toasts success, updates the session profile and closes', async () => {
    const saved = { ...user, firstName: 'Augusta', country: 'DE' };
    const { fetchMock, onClose, ui } = open({
      [`PUT user/editUser/${user._id}`]: () => jsonResponse(200, saved),
    });
    const first = await screen.findByLabelText(/^first name/i, { selector: 'input' });
    await ui.clear(first);
    await ui.type(first, '  Augusta ');
    await ui.clear(input(/^country/i));
    await ui.type(input(/^country/i), 'Germ');
    await ui.click(await screen.findByRole('option', { name: 'Germany' }));
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/user/editUser/${user._id}`);
    expect(init!.method).toBe('PUT');
    expect(jsonBody(init)).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      mobilePhone: '+44 20 7946 0000',
      jobTitle: 'Engineer',
      country: 'DE',
      organizationType: 'Publisher',
    });
    expect(shownToasts(toasts)).toEqual([
      { message: ACCOUNT_TEXTS.profileUpdated, type: 'success', autoClose: 4000 },
    ]);
    expect(queryClient.getQueryData<User>(currentUserKey(user._id))).toMatchObject({
      firstName: 'Augusta',
      country: 'DE',
    });
    expect(queryClient.getQueryState(currentUserKey(user._id))?.isInvalidated).toBe(true);
  });

  it("on an invalid submit toasts 'Please fill the required fields' and names each field, without calling the API", async () => {
    const { fetchMock, onClose, ui } = open();
    await ui.clear(await screen.findByLabelText(/^first name/i, { selector: 'input' }));
    await ui.clear(input(/^mobile phone/i));
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(input(/^first name/i)).toHaveAccessibleDescription('First name is required');
    expect(input(/^mobile phone/i)).toHaveAccessibleDescription('Mobile phone is required');
    expect(shownToasts(toasts)).toEqual([
      { message: VALIDATION_MESSAGES.pleaseFillRequiredFields, type: 'error', autoClose: 4000 },
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses texts over core’s limits (the server’s), naming each field, without calling the API', async () => {
    const { fetchMock, ui } = open();
    const first = await screen.findByLabelText(/^first name/i, { selector: 'input' });
    await ui.clear(first);
    await ui.click(first);
    await ui.paste('x'.repeat(TEXT_LIMITS.personName + 1));
    await ui.clear(input(/^job title/i));
    await ui.click(input(/^job title/i));
    await ui.paste('x'.repeat(TEXT_LIMITS.jobTitle + 1));
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(input(/^first name/i)).toHaveAccessibleDescription(LIMIT_TEXTS.tooLong(TEXT_LIMITS.personName)),
    );
    expect(input(/^job title/i)).toHaveAccessibleDescription(LIMIT_TEXTS.tooLong(TEXT_LIMITS.jobTitle));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's 400 field messages on their fields", async () => {
    const { onClose, ui } = open({
      [`PUT user/editUser/${user._id}`]: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request',
          fields: [{ field: 'mobilePhone', message: 'Mobile phone is not a phone number' }],
        }),
    });
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mobile phone is not a phone number')).toBeInTheDocument();
    expect(input(/^mobile phone/i)).toHaveAccessibleDescription('Mobile phone is not a phone number');
    // Its message is not for the user (no showMessage): the toast is blank (spec section 8).
    expect(shownToasts(toasts)).toEqual([{ message: '', type: 'error', autoClose: 4000 }]);
    expect(onClose).not.toHaveBeenCalled();
    // A validation answer is not a lost session.
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });

  it("toasts a server error's message when the answer says showMessage, and stays open", async () => {
    const { onClose, ui } = open({
      [`PUT user/editUser/${user._id}`]: () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'The profile could not be saved',
          showMessage: true,
        }),
    });
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: 'The profile could not be saved', type: 'error', autoClose: 4000 },
      ]),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("a server error without showMessage toasts blank, never the server's message (spec section 8)", async () => {
    const { onClose, ui } = open({
      [`PUT user/editUser/${user._id}`]: () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'duplicate key value violates unique constraint "users_pkey"',
        }),
    });
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([{ message: '', type: 'error', autoClose: 4000 }]),
    );
    expect(screen.queryByText(/duplicate key/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a call that got no answer says so in the toast (not a server message)', async () => {
    const { ui } = open();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: CLIENT_TEXTS.unreachable, type: 'error', autoClose: 4000 },
      ]),
    );
  });

  it('offers the spec organisation types and lets the optional ones be empty', async () => {
    const { fetchMock, ui } = open({
      [`PUT user/editUser/${user._id}`]: () => jsonResponse(200, user),
    });
    await ui.click(await screen.findByLabelText(/^organization type/i, { selector: 'input' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Agency',
      'Distributer',
      'DSP or Trading Desk',
      'SSP',
      'Publisher',
      'System architect',
      'Other',
    ]);
    await ui.keyboard('{Escape}');
    await ui.clear(input(/^job title/i));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(jsonBody(fetchMock.mock.calls[0]![1])).toMatchObject({ jobTitle: '' });
  });

  it('Cancel closes without saving', async () => {
    const { fetchMock, onClose, ui } = open();
    await ui.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with unsaved changes, Cancel and Escape ask first; Keep editing keeps them', async () => {
    const { fetchMock, onClose, ui } = open();
    await ui.type(await screen.findByLabelText(/^job title/i, { selector: 'input' }), ' II');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    await ui.click(await screen.findByRole('button', { name: KIT_TEXTS.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: KIT_TEXTS.unsavedTitle })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(input(/^job title/i)).toHaveValue('Engineer II');

    await ui.keyboard('{Escape}');
    await ui.click(await screen.findByRole('button', { name: KIT_TEXTS.discardChanges }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
