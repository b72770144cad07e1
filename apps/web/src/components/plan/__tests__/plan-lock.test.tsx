/** A feature outside the plan: visible, disabled, badged, and the upgrade prompt on interaction. */
import { ENTITLEMENT_TEXTS as T, upgradePromptOf } from '@cuepoint/core';
import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ROUTE_ID } from '../../../lib/session.ts';
import { onSettingsDialogRequest } from '../../../lib/settings-dialogs.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { EnterpriseBadge, PlanLock, usePlanOf } from '../plan-lock.tsx';

const PROMPT = upgradePromptOf('ssai_advanced_ad_suite');

function renderLock(locked: boolean) {
  render(
    <MantineProvider env="test">
      <PlanLock feature="ssai_advanced_ad_suite" locked={locked}>
        <TextInput label="Prefetch count" defaultValue="3" />
      </PlanLock>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: null });
}

const badge = () => screen.queryByRole('button', { name: `${T.badge}: ${T.lockedHint}` });

let unsubscribe = () => {};
afterEach(() => unsubscribe());

describe('PlanLock', () => {
  it('leaves the fields as they are when the plan has the feature', () => {
    renderLock(false);
    expect(screen.getByLabelText('Prefetch count')).toBeEnabled();
    expect(badge()).not.toBeInTheDocument();
    expect(screen.queryByText(T.badge)).not.toBeInTheDocument();
  });

  it('disables the fields under an Enterprise badge, and says why', () => {
    renderLock(true);
    const input = screen.getByLabelText('Prefetch count');
    expect(input).toBeDisabled();
    expect(input).toHaveValue('3');
    expect(badge()).toHaveTextContent(T.badge);
    expect(screen.getByRole('group')).toHaveAccessibleDescription(T.lockedHint);
  });

  it('opens the upgrade prompt from the badge; Cancel closes it', async () => {
    const ui = renderLock(true);
    await ui.click(badge()!);
    const prompt = await screen.findByRole('dialog', { name: T.promptTitle });
    expect(within(prompt).getByText(PROMPT)).toBeInTheDocument();
    await ui.click(within(prompt).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens it from a click on the locked fields, and Upgrade leads to My Account', async () => {
    const opened = vi.fn();
    unsubscribe = onSettingsDialogRequest(opened);
    const ui = renderLock(true);
    await ui.click(screen.getByTestId('plan-lock-layer'));
    const prompt = await screen.findByRole('dialog', { name: T.promptTitle });
    expect(within(prompt).getByText(PROMPT)).toBeInTheDocument();
    await ui.click(within(prompt).getByRole('button', { name: T.upgrade }));
    expect(opened).toHaveBeenCalledWith('account');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('EnterpriseBadge', () => {
  it('is plain text without an action, a button with one', () => {
    render(
      <MantineProvider env="test">
        <EnterpriseBadge />
      </MantineProvider>,
    );
    expect(screen.getByText(T.badge)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('usePlanOf', () => {
  function Plan({ customerId }: { customerId?: string }) {
    return <output>{usePlanOf(customerId) ?? 'unknown'}</output>;
  }
  const renderPlan = (plan: string, customerId?: string) =>
    renderRoutes(
      [
        {
          id: SESSION_ROUTE_ID,
          path: '/',
          loader: () => ({
            user: makeUser({ customerId: { ...makeUser().customerId, paymentPlan: plan } }),
            isMainAdmin: false,
            loginAs: false,
            userView: false,
          }),
          element: <Plan customerId={customerId} />,
        },
      ],
      '/',
    );

  it.each(['standard', 'enterprise'])(
    'is the session customer’s plan (%s) for its own and new records',
    async (plan) => {
      renderPlan(plan, makeUser().customerId._id);
      expect(await screen.findByRole('status')).toHaveTextContent(plan);
    },
  );

  it('is unknown for another customer’s record (a main administrator’s view): nothing is locked', async () => {
    renderPlan('standard', 'another-customer');
    expect(await screen.findByRole('status')).toHaveTextContent('unknown');
  });
});
