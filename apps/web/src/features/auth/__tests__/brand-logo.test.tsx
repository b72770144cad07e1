import { TEXTS } from '@cuepoint/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Issue 22: the sign-in, sign-up and password pages show the Cuepoint logo; on the sign-in page a
// customer's login logo (looked up by host) takes its place.

describe('the logo on the public account pages', () => {
  it('sign-in: the Cuepoint logo is the page title when the host has no login logo', async () => {
    stubApi({ 'GET logo/login': () => jsonResponse(200, { url: null }) });
    renderApp('/login');
    const heading = await screen.findByRole('heading', { level: 1, name: TEXTS.productName });
    expect(heading.querySelector('[data-logo="full"] svg')).not.toBeNull();
    expect(screen.queryByTestId('login-logo')).not.toBeInTheDocument();
  });

  it("sign-in: a customer's login logo takes precedence over the Cuepoint logo", async () => {
    stubApi({ 'GET logo/login': () => jsonResponse(200, { url: 'https://cdn.example/logo.png' }) });
    renderApp('/login');
    expect(await screen.findByTestId('login-logo')).toHaveAttribute('src', 'https://cdn.example/logo.png');
    expect(screen.queryByTestId('brand-logo')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.productName })).toBeInTheDocument();
  });

  it.each([
    ['/signup', 'Create your account'],
    ['/reset-password', /./],
    ['/new-password?token=t&email=a%40b.c', /./],
  ])('%s shows the Cuepoint logo above its title', async (path, title) => {
    stubApi({});
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const logo = screen.getByTestId('brand-logo');
    expect(within(logo).getByText(TEXTS.productName)).toBeInTheDocument();
    expect(logo.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
