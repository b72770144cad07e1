import { AUTH_TEXTS } from '../../packages/core/src/index.ts';
import { expect, test } from './fixtures.ts';
import { createActiveUser, DEMO, expectPath, lastMailTo, pathOf, signIn } from './helpers.ts';

const NEWCOMER = {
  firstName: 'Nora',
  lastName: 'Newcomer',
  email: `nora.${Date.now()}@broadcaster.example`,
  phone: '+33 1 23 45 67 89',
  password: 'Str0ng#Passw0rd',
};

test.describe('accounts and sessions in the browser', () => {
  test('sign-up -> activation link -> account review -> approval -> login -> target page -> logout', async ({
    page,
    tolerate,
    request,
  }) => {
    tolerate('accountNotActive');
    await page.goto('/app/signup');
    await page.getByRole('textbox', { name: 'First name' }).fill(NEWCOMER.firstName);
    await page.getByRole('textbox', { name: 'Last name' }).fill(NEWCOMER.lastName);
    await page.getByRole('textbox', { name: 'Email' }).fill(NEWCOMER.email);
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill(NEWCOMER.phone);
    await page.getByRole('combobox', { name: 'Organization type' }).click();
    await page.getByRole('option', { name: 'Publisher' }).click();
    await page.getByRole('combobox', { name: 'Country' }).fill('Fran');
    await page.getByRole('option', { name: 'France' }).click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEWCOMER.password);
    await page.getByRole('textbox', { name: 'Repeat password' }).fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(AUTH_TEXTS.signupDone)).toBeVisible();

    // Not activated yet: a correct login is routed to the activation page (spec section 8).
    await page.goto('/app/login');
    await signIn(page, NEWCOMER.email, NEWCOMER.password);
    await expectPath(page, `/app/user-activate?email=${encodeURIComponent(NEWCOMER.email)}`);

    const mail = await lastMailTo(NEWCOMER.email);
    expect(mail.subject).toBe('Activate your Cuepoint account');
    await page.goto(pathOf(mail.links[0]!));
    await expect(page.getByText(AUTH_TEXTS.activated)).toBeVisible();

    // Activated, not reviewed: the account review page greets the stored first name.
    await page.goto('/app/login');
    await signIn(page, NEWCOMER.email, NEWCOMER.password);
    await expectPath(page, '/app/account-review');
    await expect(page.getByRole('heading', { name: `Hello ${NEWCOMER.firstName}` })).toBeVisible();
    await expect(page.getByText(AUTH_TEXTS.inReview)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('firstName'))).toBe(NEWCOMER.firstName);

    // A main administrator approves the customer through the admin API.
    const admin = await (await request.post('/api/auth/login', { data: DEMO.admin })).json();
    const headers = { authorization: `Bearer ${admin.token}` };
    const pending = await (await request.get('/api/customer/pending', { headers })).json();
    const customer = pending.find((c: { users: { email: string }[] }) =>
      c.users.some((u) => u.email === NEWCOMER.email),
    );
    expect(customer).toBeDefined();
    expect((await request.post(`/api/customer/approve/${customer._id}`, { headers })).status()).toBe(200);

    // A protected page while signed out: login with the target remembered, then honoured.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/app/overview');
    await expectPath(page, '/app/login?refresh=true');
    await signIn(page, NEWCOMER.email, NEWCOMER.password);
    await expectPath(page, '/app/overview');
    await expect(page.getByText(`Signed in as ${NEWCOMER.email}`)).toBeVisible();
    const stored = await page.evaluate(() => ({
      currentUser: localStorage.getItem('currentUser'),
      authType: localStorage.getItem('authType'),
      user: JSON.parse(localStorage.getItem('user') ?? '{}')._id,
    }));
    expect(stored.currentUser).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.authType).toBe('reg');
    expect(stored.user).toMatch(/^[0-9a-f-]{36}$/);

    // Logged in, a public page sends to /overview.
    await page.goto('/app/login');
    await expectPath(page, '/app/overview');

    // Logout clears local storage except history and defaultEventDuration, and the token is dead.
    await page.evaluate(() => {
      localStorage.setItem('history', '["/overview"]');
      localStorage.setItem('defaultEventDuration', '30');
    });
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/app/login');
    const left = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(left).toEqual(['defaultEventDuration', 'history']);
    const reuse = await request.get(`/api/user/getUser/${stored.user}`, {
      headers: { authorization: `Bearer ${stored.currentUser}` },
    });
    expect(reuse.status()).toBe(401);
  });

  test('reset password through the outbox link, then sign in with the new password', async ({
    page,
    tolerate,
    request,
  }) => {
    tolerate('usedResetLink', 'wrongPassword');
    const email = `rita.${Date.now()}@agency.example`;
    const original = 'Orig1nal#Pass';
    await createActiveUser(request, email, original);
    await page.goto('/app/reset-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText(AUTH_TEXTS.resetSent)).toBeVisible();

    const mail = await lastMailTo(email, 'Reset your Cuepoint password');
    await page.goto(pathOf(mail.links[0]!));
    const next = 'N3w#Password!';
    await page.getByRole('textbox', { name: 'New password' }).fill(next);
    await page.getByRole('textbox', { name: 'Repeat password' }).fill('different');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Repeat Password should be same as Password')).toBeVisible();
    await page.getByRole('textbox', { name: 'Repeat password' }).fill(next);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(AUTH_TEXTS.passwordChanged)).toBeVisible();

    // The link works once.
    await page.goto(pathOf(mail.links[0]!));
    await page.getByRole('textbox', { name: 'New password' }).fill('An0ther#Pass');
    await page.getByRole('textbox', { name: 'Repeat password' }).fill('An0ther#Pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(AUTH_TEXTS.resetInvalid)).toBeVisible();

    await page.goto('/app/login');
    await signIn(page, email, original);
    await expect(page.getByRole('alert')).toContainText(AUTH_TEXTS.invalidCredentials);
    await signIn(page, email, next);
    await expectPath(page, '/app/overview');
  });

  test('a stored token the server no longer accepts, or an unknown auth type, sends to login', async ({
    page,
    tolerate,
  }) => {
    tolerate('refusedStoredSession');
    await page.goto('/app/login');
    await page.evaluate(() => {
      localStorage.setItem('currentUser', 'x'.repeat(43));
      localStorage.setItem('authType', 'reg');
      localStorage.setItem('user', JSON.stringify({ _id: '00000000-0000-4000-8000-000000000000' }));
    });
    await page.goto('/app/overview');
    await expectPath(page, '/app/login?refresh=true');
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();

    await page.evaluate(() => {
      localStorage.setItem('currentUser', 'y'.repeat(43));
      localStorage.setItem('authType', 'saml');
      localStorage.setItem('user', JSON.stringify({ _id: '00000000-0000-4000-8000-000000000000' }));
    });
    await page.goto('/app/overview');
    // spec section 2: any other auth type clears storage and goes to login.
    await expectPath(page, '/app/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
