/**
 * The datasource form follows the plan (core's lockedFields): on Standard the Advanced SSAI ad
 * suite's fields (ad pods, prefetch, mid-roll layouts, text overlay, redundancy) are disabled
 * under the Enterprise badge and their stored values are sent back unchanged; on Enterprise
 * nothing is locked.
 */
import {
  ENTITLEMENT_TEXTS as E,
  LIVE_STREAM_LABELS as L,
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_TABS,
  type LiveStream,
  liveStreamSchema,
  lockedFields,
  type PaymentPlan,
  upgradePromptOf,
} from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useZodForm } from '../../../lib/zod-form.ts';
import { DatasourceFields } from '../components/datasource-fields.tsx';
import { type DatasourceTabId, toDatasourceValues } from '../components/datasource-values.ts';

vi.setConfig({ testTimeout: 30_000 });

/** A stream saved with Enterprise values (before a downgrade, or the demo seed's). */
const STORED: LiveStream = {
  ...LIVE_STREAM_DEFAULTS,
  name: 'Channel One',
  sourceStreamUrl: 'https://origin.example.com/live/one/',
  prefetchCount: 5,
  midrollLayouts: [{ name: 'Squeeze back', transition: 'fade', duration: 1.5 }],
  inRedundancy: 'ENABLE',
  backupStreamUrl: 'https://origin.example.com/backup/one/',
};

function Harness({ plan, onValid }: { plan: PaymentPlan; onValid: (values: unknown) => void }) {
  const form = useZodForm(liveStreamSchema, toDatasourceValues(STORED));
  return (
    <form noValidate aria-label="Datasource" onSubmit={form.onSubmit((values) => onValid(values))}>
      <DatasourceFields form={form} locked={lockedFields('liveStream', plan)} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderFor(plan: PaymentPlan) {
  const onValid = vi.fn();
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <Harness plan={plan} onValid={onValid} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { onValid, ui: userEvent.setup({ delay: null }) };
}

const tabLabel = (id: DatasourceTabId) => LIVE_STREAM_TABS.find((tab) => tab.id === id)!.label;
const openTab = (ui: ReturnType<typeof userEvent.setup>, id: DatasourceTabId) =>
  ui.click(screen.getByRole('tab', { name: new RegExp(`^${tabLabel(id)}`) }));
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`), { selector: 'input' });
// Every tab's panel, the hidden ones too.
const badges = () => screen.queryAllByRole('button', { name: `${E.badge}: ${E.lockedHint}`, hidden: true });

describe('the datasource form on the Standard plan', () => {
  it('disables ad pods, prefetch, layouts and overlay, and redundancy under the Enterprise badge', async () => {
    const { ui } = renderFor('standard');
    // General fields are every plan's.
    expect(input(L.name)).toBeEnabled();

    await openTab(ui, 'ads');
    expect(input(L.adpodLength)).toBeDisabled();
    expect(input(L.breakinterval)).toBeEnabled();
    expect(input(L.maxWaitingSec)).toBeEnabled();

    await openTab(ui, 'prefetch');
    for (const label of [L.prefetchCount, L.userLiveliness, L.activenessInterval])
      expect(input(label)).toBeDisabled();
    expect(input(L.prefetchCount)).toHaveValue('5');

    await openTab(ui, 'layouts');
    expect(screen.getByRole('switch', { name: L.textOverlayEnabled })).toBeDisabled();
    expect(screen.getByDisplayValue('Squeeze back')).toBeDisabled();

    await openTab(ui, 'redundancy');
    expect(input(L.backupStreamUrl)).toBeDisabled();

    await openTab(ui, 'security');
    expect(input(L.akamaiToken)).toBeEnabled();
    // One badge per locked group: ad pods, prefetch, layouts & overlay, redundancy.
    expect(badges()).toHaveLength(4);
  });

  it('opens the upgrade prompt when a locked field is clicked', async () => {
    const { ui } = renderFor('standard');
    await openTab(ui, 'prefetch');
    const panel = screen.getByRole('tabpanel', { name: tabLabel('prefetch') });
    await ui.click(within(panel).getByTestId('plan-lock-layer'));
    const prompt = await screen.findByRole('dialog', { name: E.promptTitle });
    expect(within(prompt).getByText(upgradePromptOf('ssai_advanced_ad_suite'))).toBeInTheDocument();
    await ui.click(within(prompt).getByRole('button', { name: E.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves the stored Enterprise values unchanged', async () => {
    const { ui, onValid } = renderFor('standard');
    await ui.clear(input(L.name));
    await ui.type(input(L.name), 'Renamed');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({
      name: 'Renamed',
      prefetchCount: 5,
      midrollLayouts: STORED.midrollLayouts,
      inRedundancy: 'ENABLE',
      backupStreamUrl: STORED.backupStreamUrl,
    });
  });
});

describe('the datasource form on the Enterprise plan', () => {
  it('locks nothing and shows no badge', async () => {
    const { ui } = renderFor('enterprise');
    await openTab(ui, 'ads');
    expect(input(L.adpodLength)).toBeEnabled();
    await openTab(ui, 'prefetch');
    expect(input(L.prefetchCount)).toBeEnabled();
    await openTab(ui, 'layouts');
    expect(screen.getByRole('switch', { name: L.textOverlayEnabled })).toBeEnabled();
    await openTab(ui, 'redundancy');
    expect(input(L.backupStreamUrl)).toBeEnabled();
    expect(badges()).toHaveLength(0);
    expect(screen.queryByTestId('plan-lock-layer')).not.toBeInTheDocument();
  });
});
