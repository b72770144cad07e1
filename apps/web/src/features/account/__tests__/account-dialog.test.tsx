import {
  ACCOUNT_TEXTS,
  type AccountCustomer,
  LOGO_RESOLUTION_TOAST_MS,
  TEXTS,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { AccountDialog } from '../components/account-dialog.tsx';
import {
  accountUser,
  CUSTOMER_ID,
  calls,
  jsonBody,
  makeCustomer,
  PAYMENT_PLANS_ANSWER,
  renderDialog,
  shownToasts,
  spyToasts,
  stubImageSize,
  stubObjectUrls,
  TIME_ZONES,
  type ToastSpy,
} from './harness.tsx';

vi.setConfig({ testTimeout: 20_000 });

const user = accountUser();
const EDIT = `PUT customer/editCustomer/${CUSTOMER_ID}`;
const TOKEN = `POST customer/generateToken/${CUSTOMER_ID}`;
type Routes = Parameters<typeof stubApi>[0];

let toasts: ToastSpy;
let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  toasts = spyToasts();
  urls = stubObjectUrls();
});
afterEach(() => {
  toasts.mockRestore();
  urls.restore();
});

async function open(customer: AccountCustomer = makeCustomer(), routes: Routes = {}) {
  signIn(user);
  const fetchMock = stubApi({
    [`GET customer/getCustomer/${CUSTOMER_ID}`]: () => jsonResponse(200, customer),
    'GET billing/getPaymentPlans': () => jsonResponse(200, PAYMENT_PLANS_ANSWER),
    'GET country/getTimeZones': () => jsonResponse(200, TIME_ZONES),
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderDialog(<AccountDialog opened onClose={onClose} user={user} />);
  const dialog = await screen.findByRole('dialog', { name: TEXTS.myAccount });
  await within(dialog).findByRole('table', { name: 'Plan features' });
  // The time zone select shows the saved offset's zone once the zones are in.
  await waitFor(() => expect(field(/^timezone/i)).toHaveValue('(UTC+05:30) Kolkata'));
  return { ...view, dialog, fetchMock, onClose, ui: userEvent.setup({ delay: null }) };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const save = () => screen.getByRole('button', { name: 'Save' });
const png = (name = 'logo.png') => new File(['image-bytes'], name, { type: 'image/png' });
const sentForm = (init: RequestInit | undefined) => init?.body as FormData;
const contentType = (init: RequestInit | undefined) =>
  new Headers(init?.headers as Record<string, string>).get('content-type');

describe('My Account: plan, time zone and the rest of the account', () => {
  it('closes at once while untouched; with unsaved changes Cancel asks first', async () => {
    const untouched = await open();
    await untouched.ui.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(untouched.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: KIT_TEXTS.unsavedTitle })).toBeNull();
    untouched.unmount();

    const { fetchMock, onClose, ui } = await open();
    await ui.type(field(/^cdn domain/i), 'x');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    await ui.click(await screen.findByRole('button', { name: KIT_TEXTS.discardChanges }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });

  it('loads the customer, the plans and the time zones; saves as JSON with isFirstTime false', async () => {
    const { fetchMock, onClose, ui } = await open(makeCustomer(), {
      [EDIT]: () => jsonResponse(200, { id: CUSTOMER_ID, customerId: makeCustomer() }),
    });
    expect(field(/^payment plan/i)).toHaveValue('Standard');
    expect(field(/^sub-domain name/i)).toHaveValue('engines');
    expect(field(/^sub-domain name/i)).toHaveAttribute('readonly');
    expect(field(/^cdn protocol/i)).toHaveValue('https://');
    expect(field(/^cdn domain/i)).toHaveValue('cdn.engines.example');

    await ui.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
    expect(init!.method).toBe('PUT');
    expect(contentType(init)).toBe('application/json');
    expect(jsonBody(init)).toEqual({
      paymentPlan: 'standard',
      timezone: 5.5,
      addCustomDomain: false,
      cdnProtocol: 'https://',
      cdnDomain: 'cdn.engines.example',
      uploadLogo: false,
      isCertificateModified: false,
      isFirstTime: false,
    });
    expect(shownToasts(toasts)).toEqual([
      { message: ACCOUNT_TEXTS.accountUpdated, type: 'success', autoClose: 4000 },
    ]);
  });

  it('offers the plans of getPaymentPlans and stores the numerical value of the chosen time zone', async () => {
    const { fetchMock, onClose, ui } = await open(makeCustomer(), {
      [EDIT]: () => jsonResponse(200, { id: CUSTOMER_ID, customerId: makeCustomer() }),
    });
    await ui.click(field(/^payment plan/i));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Standard', 'Enterprise - Contact us (Min 10M Impressions)']);
    await ui.click(screen.getByRole('option', { name: 'Enterprise - Contact us (Min 10M Impressions)' }));

    await ui.clear(field(/^timezone/i));
    await ui.type(field(/^timezone/i), 'Paris');
    await ui.click(await screen.findByRole('option', { name: '(UTC+01:00) Paris' }));
    await ui.click(field(/^cdn protocol/i));
    await ui.click(await screen.findByRole('option', { name: 'http://' }));
    await ui.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
    expect(jsonBody(init)).toMatchObject({ paymentPlan: 'enterprise', timezone: 1, cdnProtocol: 'http://' });
  });

  it('does not offer leaving Enterprise (the server keeps that to a main administrator)', async () => {
    const { ui } = await open(makeCustomer({ paymentPlan: 'enterprise' }));
    await ui.click(field(/^payment plan/i));
    expect(await screen.findByRole('option', { name: 'Standard' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: /^Enterprise/ })).not.toHaveAttribute('data-combobox-disabled');
  });

  it('shows the plan feature list: booleans as check/cross with words, comma lists as lists', async () => {
    const { dialog } = await open();
    const table = within(dialog).getByRole('table', { name: 'Plan features' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(within(row('Live and VOD server-side ad insertion')).getAllByText('Included')).toHaveLength(2);
    const suite = row('Advanced SSAI ad suite');
    expect(within(suite).getByText('Not included')).toBeInTheDocument();
    expect(
      within(suite)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ad pods', 'Prefetch', 'Midroll layouts', 'Text overlay', 'Redundancy']);
    expect(within(row('Minimum commitment')).getByText('10M impressions per month')).toBeInTheDocument();
    expect(within(table).getByText('Required for the API access switch')).toBeInTheDocument();
  });

  it("on an invalid submit toasts 'Please fill the required fields' and names the field, without saving", async () => {
    // An account without a plan (older data): the plan is required.
    const { fetchMock, onClose, ui } = await open(makeCustomer({ paymentPlan: '' }));
    await ui.click(save());
    expect(await screen.findByText('Payment plan is required')).toBeInTheDocument();
    expect(field(/^payment plan/i)).toHaveAccessibleDescription('Payment plan is required');
    expect(shownToasts(toasts)).toEqual([
      { message: VALIDATION_MESSAGES.pleaseFillRequiredFields, type: 'error', autoClose: 4000 },
    ]);
    expect(calls(fetchMock).filter((c) => c.startsWith('PUT'))).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a failed save toasts blank (no showMessage) and puts the field messages on the fields', async () => {
    const { onClose, ui } = await open(makeCustomer(), {
      [EDIT]: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request',
          fields: [{ field: 'cdnDomain', message: 'CDN domain is not a host name' }],
        }),
    });
    await ui.click(save());
    expect(await screen.findByText('CDN domain is not a host name')).toBeInTheDocument();
    expect(shownToasts(toasts)).toEqual([{ message: '', type: 'error', autoClose: 4000 }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows why the account could not be loaded, with Retry', async () => {
    signIn(user);
    let fail = true;
    stubApi({
      [`GET customer/getCustomer/${CUSTOMER_ID}`]: () =>
        fail
          ? jsonResponse(500, { statusCode: 500, error: 'x', message: 'Database unavailable' })
          : jsonResponse(200, makeCustomer()),
      'GET billing/getPaymentPlans': () => jsonResponse(200, PAYMENT_PLANS_ANSWER),
      'GET country/getTimeZones': () => jsonResponse(200, TIME_ZONES),
    });
    renderDialog(<AccountDialog opened onClose={vi.fn()} user={user} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Plan features' })).toBeInTheDocument();
  });
});

describe('My Account: logos', () => {
  it('shows the saved logos and the 512x512 tooltip text', async () => {
    const { dialog } = await open(
      makeCustomer({ logoUrl: '/api/files/logo-1.png', loginLogoUrl: '/api/files/login-1.gif' }),
    );
    expect(within(dialog).getByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      '/api/files/logo-1.png',
    );
    expect(within(dialog).getByRole('img', { name: 'Current login logo' })).toHaveAttribute(
      'src',
      '/api/files/login-1.gif',
    );
    // The pickers carry the tooltip's advice as their description (the tooltip shows on hover and focus).
    expect(within(dialog).getByRole('button', { name: 'Logo' })).toHaveAccessibleDescription(
      '.jpg, .jpeg, .png · at least 260 × 220 px. Recommended: 512x512, 1:1',
    );
    expect(within(dialog).getByRole('button', { name: 'Login logo' })).toHaveAccessibleDescription(
      '.jpg, .jpeg, .png, .gif · at least 260 × 220 px. Recommended: 512x512, 1:1',
    );
    await userEvent.setup({ delay: null }).hover(within(dialog).getByRole('button', { name: 'Logo' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ACCOUNT_TEXTS.logoTooltip);
    expect(screen.getByTestId('logo-file')).toHaveAttribute('accept', '.jpg,.jpeg,.png');
    expect(screen.getByTestId('loginLogo-file')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.gif');
  });

  it("refuses an image under 260 x 220 with the spec's message for 60 s", async () => {
    const measure = stubImageSize({ width: 259, height: 400 });
    const { dialog, ui } = await open();
    await ui.upload(screen.getByTestId('logo-file'), png());
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: VALIDATION_MESSAGES.logoResolution, type: 'error', autoClose: LOGO_RESOLUTION_TOAST_MS },
      ]),
    );
    expect(LOGO_RESOLUTION_TOAST_MS).toBe(60_000);
    expect(measure).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('logo.png')).not.toBeInTheDocument();
  });

  it('previews a large enough logo, sends it as multipart with uploadLogo, and revokes the preview URL', async () => {
    stubImageSize({ width: 512, height: 512 });
    const { dialog, fetchMock, onClose, ui, unmount } = await open(makeCustomer(), {
      [EDIT]: () =>
        jsonResponse(200, { id: CUSTOMER_ID, customerId: makeCustomer({ logoUrl: '/api/files/new.png' }) }),
    });
    await ui.upload(screen.getByTestId('logo-file'), png('first.png'));
    expect(await within(dialog).findByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await ui.upload(screen.getByTestId('logo-file'), png('second.png'));
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
        'src',
        'blob:preview-2',
      ),
    );
    expect(urls.revoke).toHaveBeenCalledWith('blob:preview-1');

    await ui.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
    expect(init!.method).toBe('PUT');
    expect(contentType(init)).toBeNull();
    const form = sentForm(init);
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('logo') as File).name).toBe('second.png');
    expect(form.get('uploadLogo')).toBe('true');
    expect(form.get('isFirstTime')).toBe('false');
    expect(form.get('timezone')).toBe('5.5');
    expect(form.has('loginLogo')).toBe(false);
    unmount();
    expect(urls.revoke).toHaveBeenCalledWith('blob:preview-2');
  });

  it('accepts a GIF login logo, measured with an <img> where createImageBitmap is missing', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const original = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      configurable: true,
      set(this: HTMLImageElement, value: string) {
        this.setAttribute('src', value);
        if (value.startsWith('blob:')) {
          Object.defineProperty(this, 'naturalWidth', { value: 300 });
          Object.defineProperty(this, 'naturalHeight', { value: 220 });
          setTimeout(() => this.onload?.(new Event('load')));
        }
      },
      get(this: HTMLImageElement) {
        return this.getAttribute('src') ?? '';
      },
    });
    try {
      const { dialog, fetchMock, onClose, ui } = await open(makeCustomer(), {
        [EDIT]: () => jsonResponse(200, { id: CUSTOMER_ID, customerId: makeCustomer() }),
      });
      await ui.upload(
        screen.getByTestId('loginLogo-file'),
        new File(['gif'], 'login.gif', { type: 'image/gif' }),
      );
      expect(await within(dialog).findByRole('img', { name: 'Login logo preview' })).toBeInTheDocument();
      await ui.click(save());
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
      expect((sentForm(init).get('loginLogo') as File).name).toBe('login.gif');
      expect(sentForm(init).get('uploadLogo')).toBe('false');
    } finally {
      if (original) Object.defineProperty(HTMLImageElement.prototype, 'src', original);
    }
  });
});

describe('My Account: custom domain', () => {
  it('forces the name to lower case and asks for the certificate and private key of a new domain', async () => {
    const { fetchMock, onClose, ui } = await open(makeCustomer(), {
      [EDIT]: () => jsonResponse(200, { id: CUSTOMER_ID, customerId: makeCustomer() }),
    });
    await ui.click(screen.getByRole('switch', { name: 'Use a custom domain' }));
    await ui.type(field(/^custom domain name/i), 'Console.Engines.EXAMPLE');
    expect(field(/^custom domain name/i)).toHaveValue('console.engines.example');

    await ui.click(save());
    expect(await screen.findByText('Certificate is required')).toBeInTheDocument();
    expect(screen.getByText('Private key is required')).toBeInTheDocument();
    expect(shownToasts(toasts)).toEqual([
      { message: VALIDATION_MESSAGES.pleaseFillRequiredFields, type: 'error', autoClose: 4000 },
    ]);
    expect(screen.getByTestId('certificate-file')).toHaveAttribute('accept', '.crt,.pem');
    expect(screen.getByTestId('private-key-file')).toHaveAttribute('accept', '.key,.pem');

    await ui.upload(screen.getByTestId('certificate-file'), new File(['cert'], 'engines.crt'));
    await ui.upload(screen.getByTestId('private-key-file'), new File(['key'], 'engines.key'));
    await ui.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
    const form = sentForm(init);
    expect(form.get('addCustomDomain')).toBe('true');
    expect(form.get('customDomainName')).toBe('console.engines.example');
    expect(form.get('isCertificateModified')).toBe('true');
    expect((form.get('certificate') as File).name).toBe('engines.crt');
    expect((form.get('privateKey') as File).name).toBe('engines.key');
  });

  it('locks a saved custom domain: the switch cannot be turned off, the name is read-only, with a note', async () => {
    const saved = makeCustomer({
      addCustomDomain: true,
      customDomainName: 'console.engines.example',
      certificateUrl: 'engines.pem',
      privateKeyUrl: 'engines.key',
    });
    const { fetchMock, onClose, ui } = await open(saved, {
      [EDIT]: () => jsonResponse(200, { id: CUSTOMER_ID, customerId: saved }),
    });
    const toggle = screen.getByRole('switch', { name: 'Use a custom domain' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(field(/^custom domain name/i)).toHaveValue('console.engines.example');
    expect(field(/^custom domain name/i)).toHaveAttribute('readonly');
    expect(screen.getByTestId('custom-domain-locked')).toHaveTextContent(
      'A saved custom domain cannot be disabled and its name cannot be changed.',
    );
    expect(screen.getByText('Saved: engines.pem')).toBeInTheDocument();

    // Saving without new files: the certificate is not modified.
    await ui.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    let [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
    expect(jsonBody(init)).toMatchObject({
      addCustomDomain: true,
      customDomainName: 'console.engines.example',
      isCertificateModified: false,
    });

    // A new certificate marks the certificate as modified, and its key must come with it.
    fetchMock.mockClear();
    await ui.upload(screen.getByTestId('certificate-file'), new File(['cert'], 'renewed.pem'));
    await ui.click(save());
    expect(await screen.findByText('Private key is required')).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c.startsWith('PUT'))).toEqual([]);
    await ui.upload(screen.getByTestId('private-key-file'), new File(['key'], 'renewed.key'));
    await ui.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('editCustomer'))!;
    expect(sentForm(init).get('isCertificateModified')).toBe('true');
    expect((sentForm(init).get('certificate') as File).name).toBe('renewed.pem');
    expect((sentForm(init).get('privateKey') as File).name).toBe('renewed.key');
    expect(sentForm(init).get('customDomainName')).toBe('console.engines.example');
  });
});

/** navigator.clipboard for one test (jsdom has none). */
const setClipboard = (clipboard: unknown) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true, writable: true });
afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).clipboard;
});

describe('My Account: API access', () => {
  const enterprise = makeCustomer({ paymentPlan: 'enterprise' });
  const withToken = (customer: AccountCustomer) => ({
    ...customer,
    enableAPI: true,
    apiToken: 'cpk_0123456789abcdef',
  });

  it('with the enterprise entitlement, ON generates a token, shows it read-only in monospace, and copies it', async () => {
    const { fetchMock, ui } = await open(enterprise, {
      [TOKEN]: () =>
        jsonResponse(200, {
          apiToken: 'cpk_0123456789abcdef',
          enableAPI: true,
          customer: withToken(enterprise),
        }),
    });
    // After userEvent.setup({ delay: null }), which installs its own clipboard.
    const writeText = vi.fn(async (_text: string) => undefined);
    setClipboard({ writeText });
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    const token = await screen.findByLabelText('API token', { selector: 'input' });
    expect(token).toHaveValue('cpk_0123456789abcdef');
    expect(token).toHaveAttribute('readonly');
    expect(token.style.fontFamily).toContain('monospace');
    expect(screen.getByRole('switch', { name: /^API access/ })).toBeChecked();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('generateToken'))!;
    expect(jsonBody(init)).toEqual({ enableAPI: true, customerId: CUSTOMER_ID });
    expect(shownToasts(toasts)).toEqual([
      { message: ACCOUNT_TEXTS.tokenGenerated, type: 'success', autoClose: 4000 },
    ]);

    await ui.click(screen.getByRole('button', { name: 'Copy API token' }));
    expect(writeText).toHaveBeenCalledWith('cpk_0123456789abcdef');
    expect(shownToasts(toasts).at(-1)).toEqual({
      message: ACCOUNT_TEXTS.tokenCopied,
      type: 'success',
      autoClose: 4000,
    });
  });

  it('copies with the execCommand fallback when the Clipboard API is missing', async () => {
    const execCommand = vi.fn((_command: string) => true);
    Object.defineProperty(document, 'execCommand', {
      value: execCommand,
      configurable: true,
      writable: true,
    });
    try {
      const { ui } = await open(withToken(enterprise));
      setClipboard(undefined);
      await ui.click(screen.getByRole('button', { name: 'Copy API token' }));
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(shownToasts(toasts)).toEqual([
        { message: ACCOUNT_TEXTS.tokenCopied, type: 'success', autoClose: 4000 },
      ]);
    } finally {
      delete (document as unknown as Record<string, unknown>).execCommand;
    }
  });

  it('OFF deletes the token, announced as an error toast as the spec says', async () => {
    const { fetchMock, ui } = await open(withToken(enterprise), {
      [TOKEN]: () => jsonResponse(200, { apiToken: null, enableAPI: false, customer: enterprise }),
    });
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: ACCOUNT_TEXTS.tokenDeleted, type: 'error', autoClose: 4000 },
      ]),
    );
    expect(toasts.mock.calls[0]![0]).toMatchObject({ color: 'red', role: 'alert' });
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('generateToken'))!;
    expect(jsonBody(init)).toEqual({ enableAPI: false, customerId: CUSTOMER_ID });
    expect(screen.queryByLabelText('API token', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^API access/ })).not.toBeChecked();
  });

  it("toasts the server's message when the token call fails and the answer says showMessage", async () => {
    const { ui } = await open(enterprise, {
      [TOKEN]: () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'x',
          message: 'Token store unavailable',
          showMessage: true,
        }),
    });
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: 'Token store unavailable', type: 'error', autoClose: 4000 },
      ]),
    );
    expect(screen.getByRole('switch', { name: /^API access/ })).not.toBeChecked();
  });

  it('a failed token call without showMessage toasts blank (spec section 8)', async () => {
    const { ui } = await open(enterprise, {
      [TOKEN]: () => jsonResponse(500, { statusCode: 500, error: 'x', message: 'Token store unavailable' }),
    });
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([{ message: '', type: 'error', autoClose: 4000 }]),
    );
  });

  it('without the entitlement: prompt, confirm with the minimum commitment, upgrade, then the token', async () => {
    const upgraded = makeCustomer({ paymentPlan: 'enterprise' });
    const { fetchMock, ui } = await open(makeCustomer(), {
      [EDIT]: () => jsonResponse(200, { id: CUSTOMER_ID, customerId: upgraded }),
      [TOKEN]: () =>
        jsonResponse(200, {
          apiToken: 'cpk_new',
          enableAPI: true,
          customer: { ...upgraded, enableAPI: true, apiToken: 'cpk_new' },
        }),
    });
    const before = calls(fetchMock).length;
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));

    const prompt = await screen.findByRole('dialog', { name: 'Upgrade to Enterprise' });
    expect(within(prompt).getByText(ACCOUNT_TEXTS.upgradePrompt)).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await ui.click(within(prompt).getByRole('button', { name: 'Upgrade' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm the plan upgrade' });
    expect(within(confirm).getByTestId('minimum-commitment')).toHaveTextContent(
      'Standard: None → Enterprise: 10M impressions per month',
    );
    // Nothing is saved before the confirmation.
    expect(calls(fetchMock).length).toBe(before);
    await ui.click(within(confirm).getByRole('button', { name: 'Confirm upgrade' }));

    expect(await screen.findByLabelText('API token', { selector: 'input' })).toHaveValue('cpk_new');
    expect(calls(fetchMock).slice(before)).toEqual([EDIT, TOKEN]);
    const [edit, token] = fetchMock.mock.calls.slice(before);
    expect(jsonBody(edit![1])).toEqual({ paymentPlan: 'enterprise', isFirstTime: false });
    expect(jsonBody(token![1])).toEqual({ enableAPI: true, customerId: CUSTOMER_ID });
    expect(shownToasts(toasts)).toEqual([
      { message: ACCOUNT_TEXTS.tokenGenerated, type: 'success', autoClose: 4000 },
    ]);
    // The form's plan follows the upgrade.
    expect(field(/^payment plan/i)).toHaveValue('Enterprise - Contact us (Min 10M Impressions)');
    expect(screen.queryByRole('dialog', { name: 'Confirm the plan upgrade' })).not.toBeInTheDocument();
  });

  it('Cancel in the upgrade prompt changes nothing', async () => {
    const { fetchMock, ui } = await open();
    const before = calls(fetchMock).length;
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    const prompt = await screen.findByRole('dialog', { name: 'Upgrade to Enterprise' });
    await ui.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upgrade to Enterprise' })).not.toBeInTheDocument(),
    );
    expect(calls(fetchMock).length).toBe(before);
    expect(screen.getByRole('switch', { name: /^API access/ })).not.toBeChecked();
    expect(toasts).not.toHaveBeenCalled();
  });

  it("a failed upgrade shows 'Sorry something went wrong while upgrading plans' for 8 s and makes no token", async () => {
    const { fetchMock, ui } = await open(makeCustomer(), {
      [EDIT]: () => jsonResponse(500, { statusCode: 500, error: 'x', message: 'Billing unavailable' }),
    });
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Upgrade to Enterprise' })).getByRole('button', {
        name: 'Upgrade',
      }),
    );
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the plan upgrade' })).getByRole('button', {
        name: 'Confirm upgrade',
      }),
    );
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: ACCOUNT_TEXTS.upgradeFailed, type: 'error', autoClose: 8000 },
      ]),
    );
    expect(calls(fetchMock)).not.toContain(TOKEN);
    expect(screen.getByRole('switch', { name: /^API access/ })).not.toBeChecked();
  });

  it("a failed upgrade whose answer says showMessage shows the server's message instead", async () => {
    const { ui } = await open(makeCustomer(), {
      [EDIT]: () =>
        jsonResponse(409, { statusCode: 409, error: 'x', message: 'Billing unavailable', showMessage: true }),
    });
    await ui.click(screen.getByRole('switch', { name: /^API access/ }));
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Upgrade to Enterprise' })).getByRole('button', {
        name: 'Upgrade',
      }),
    );
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the plan upgrade' })).getByRole('button', {
        name: 'Confirm upgrade',
      }),
    );
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: 'Billing unavailable', type: 'error', autoClose: 8000 },
      ]),
    );
  });
});
