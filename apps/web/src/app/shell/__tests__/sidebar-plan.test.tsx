/**
 * Swagger and the admin API documentation are Enhanced API access (Enterprise): on Standard the
 * sidebar shows them locked (an Enterprise badge; a click opens the upgrade prompt, not the page).
 */
import {
  ACCOUNT_TEXTS,
  ENTITLEMENT_TEXTS as E,
  type NavigationEntry,
  RUNTIME_CONFIG_DEFAULTS,
  visibleNavigation,
} from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures.ts';
import { SidebarNav } from '../sidebar.tsx';

const admin = makeUser({ profile: { isMainAdmin: true } });
const entries: NavigationEntry[] = visibleNavigation(admin, { ...RUNTIME_CONFIG_DEFAULTS, APIDOC: 1 });

function renderSidebar(plan: string, size: 'normal' | 'minimised' = 'normal') {
  const onNavigate = vi.fn();
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/overview']}>
        <SidebarNav entries={entries} size={size} onNavigate={onNavigate} plan={plan} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { onNavigate, ui: userEvent.setup({ delay: null }) };
}

const openDocs = (ui: ReturnType<typeof userEvent.setup>) =>
  ui.click(screen.getByRole('button', { name: 'API Documentation' }));

describe('the sidebar’s API documentation entries', () => {
  it('locks Swagger and the admin documentation on Standard; the other docs stay links', async () => {
    const { ui, onNavigate } = renderSidebar('standard');
    await openDocs(ui);
    expect(screen.queryByRole('link', { name: 'Swagger' })).not.toBeInTheDocument();
    const swagger = screen.getByRole('button', { name: `Swagger ${E.badge}` });
    expect(within(swagger).getByText(E.badge)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Admin API Documentation ${E.badge}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API Documentation' })).toBeInTheDocument();

    await ui.click(swagger);
    const prompt = await screen.findByRole('dialog', { name: E.promptTitle });
    expect(within(prompt).getByText(ACCOUNT_TEXTS.upgradePrompt)).toBeInTheDocument();
    expect(onNavigate).not.toHaveBeenCalled();
    await ui.click(within(prompt).getByRole('button', { name: E.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links them on Enterprise', async () => {
    const { ui } = renderSidebar('enterprise');
    await openDocs(ui);
    expect(screen.getByRole('link', { name: 'Swagger' })).toHaveAttribute(
      'href',
      '/documentation/swagger-ui',
    );
    expect(screen.getByRole('link', { name: 'Admin API Documentation' })).toBeInTheDocument();
    expect(screen.queryByText(E.badge)).not.toBeInTheDocument();
  });

  it('locks them in the minimised sidebar’s menu too', async () => {
    const { ui } = renderSidebar('standard', 'minimised');
    await openDocs(ui);
    const item = await screen.findByRole('menuitem', { name: `Swagger ${E.badge}` });
    await ui.click(item);
    expect(await screen.findByRole('dialog', { name: E.promptTitle })).toBeInTheDocument();
  });
});
