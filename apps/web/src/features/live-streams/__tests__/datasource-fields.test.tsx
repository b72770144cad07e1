import {
  fieldRequiredMessage,
  greaterThanZeroMessage,
  ipInTrustedListMessage,
  LIVE_STREAM_LABELS as L,
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_TABS,
  LIVE_STREAM_TEXTS,
  type LiveStream,
  liveStreamSchema,
  VALIDATION_MESSAGES as M,
} from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useZodForm } from '../../../lib/zod-form.ts';
import { DatasourceFields, type SlateOption } from '../components/datasource-fields.tsx';
import {
  type DatasourceTabId,
  toDatasourcePayload,
  toDatasourceValues,
} from '../components/datasource-values.ts';
import { DATASOURCE_TEXTS as T } from '../texts.ts';

// A large form in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const SLATES: SlateOption[] = [
  { value: '6f1f7a44-2a0b-4c55-8d1e-0d6a4f3b9c01', label: 'Be right back' },
  { value: '6f1f7a44-2a0b-4c55-8d1e-0d6a4f3b9c02', label: 'Technical difficulties' },
];

/** A datasource every rule accepts. */
const VALID: LiveStream = {
  ...LIVE_STREAM_DEFAULTS,
  name: 'Channel One',
  sourceStreamUrl: 'https://origin.example.com/live/one/',
};

const tabLabel = (id: DatasourceTabId) => LIVE_STREAM_TABS.find((tab) => tab.id === id)!.label;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const byLabel = (label: string, root: Pick<typeof screen, 'getByLabelText'> = screen) =>
  root.getByLabelText(new RegExp(`^${escapeRegExp(label)}( \\*)?$`), { selector: 'input, textarea' });
const tab = (id: DatasourceTabId) =>
  screen.getByRole('tab', { name: new RegExp(`^${escapeRegExp(tabLabel(id))}`) });
const row = (label: string, position: number) => screen.getByRole('group', { name: T.row(label, position) });

function Harness({
  initial,
  tabs,
  onValid,
}: {
  initial: LiveStream;
  tabs?: readonly DatasourceTabId[];
  onValid: (values: unknown) => void;
}) {
  const form = useZodForm(liveStreamSchema, toDatasourceValues(initial));
  return (
    <form noValidate aria-label="Datasource" onSubmit={form.onSubmit((values) => onValid(values))}>
      <DatasourceFields form={form} tabs={tabs} slates={SLATES} />
      <button type="submit">Save</button>
      <button
        type="button"
        onClick={() => form.setErrors({ 'tolerations.0.value': 'Rejected by the server' })}
      >
        Server errors
      </button>
    </form>
  );
}

function renderFields(initial: LiveStream = VALID, tabs?: readonly DatasourceTabId[]) {
  const onValid = vi.fn();
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <Harness initial={initial} tabs={tabs} onValid={onValid} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { onValid, ui: userEvent.setup({ delay: null }) };
}

/** Replaces what a field holds and leaves it (the form checks a field as the user leaves it). */
async function retype(ui: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await ui.clear(input);
  if (text !== '') await ui.type(input, text);
  await ui.tab();
}

/** The message is shown and is the input's description (aria-describedby). */
function expectMessage(input: HTMLElement, message: string) {
  const shown = screen.getAllByText(message);
  expect(
    shown.some(
      (element) => element.id !== '' && input.getAttribute('aria-describedby')?.includes(element.id),
    ),
  ).toBe(true);
  for (const element of shown) expect(element).toBeVisible();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
}

async function chooseOption(ui: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  await ui.click(input);
  await ui.click(await screen.findByRole('option', { name: option }));
}

describe('DatasourceFields: layout', () => {
  it('shows the tabs of LIVE_STREAM_TABS, labelled from core, with the known defaults', async () => {
    const { ui } = renderFields({ ...LIVE_STREAM_DEFAULTS });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(
      LIVE_STREAM_TABS.map((t) => t.label),
    );
    expect(tab('general')).toHaveAttribute('aria-selected', 'true');
    expect(byLabel(L.name)).toHaveValue('');
    expect(byLabel(L.sourceStreamUrl)).toHaveAccessibleDescription(T.streamUrlHint);
    expect(byLabel(L.formatType)).toHaveValue('HLS');
    expect(byLabel(L.timezone)).toHaveValue('+00:00');

    await ui.click(tab('ads'));
    expect(screen.getByRole('radio', { name: T.adDecisionOptions.internal })).toBeChecked();
    expect(byLabel(L.bundleName, within(row(L.bundleName, 1)))).toHaveValue('Default');
    expect(byLabel(L.percentage, within(row(L.bundleName, 1)))).toHaveValue('100');
    expect(screen.getByText(T.bundlesTotal(100))).toBeVisible();
    expect(byLabel(L.adpodLength)).toHaveValue('1');
    expect(byLabel(L.maxAdBacklogDuration)).toHaveValue('600');
    expect(byLabel(L.adfrequencyCap)).toHaveValue('1000');
    expect(byLabel(L.maxWaitingSec)).toHaveValue('128');

    await ui.click(tab('prefetch'));
    expect(byLabel(L.prefetchCount)).toHaveValue('3');
    expect(byLabel(L.userLiveliness)).toHaveValue('3600');
    expect(byLabel(L.activenessInterval)).toHaveValue('200');
    // Read by nothing: shown read-only, with the reason.
    expect(byLabel(L.activenessInterval)).toHaveAttribute('readonly');
    expect(screen.getByText(T.activenessNotUsed)).toBeVisible();

    await ui.click(tab('redundancy'));
    expect(byLabel(L.inRedundancy)).toHaveValue(T.redundancyOptions.DISABLE);
    expect(
      screen.queryByLabelText(new RegExp(`^${escapeRegExp(L.backupStreamUrl)}`)),
    ).not.toBeInTheDocument();

    await ui.click(tab('scaling'));
    expect(byLabel(L.minReplicas)).toHaveValue('1');
    expect(byLabel(L.maxReplicas)).toHaveValue('3');
    expect(byLabel(L.desiredPods)).toHaveValue('');

    await ui.click(tab('advanced'));
    expect(byLabel(L.advancedConfig)).toHaveValue('{}');
    expect(byLabel(L.slateFillMode)).toHaveValue(T.slateFillModeOptions.loop);
    expect(byLabel(L.slatePrediction)).not.toBeChecked();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { ui } = renderFields();
    await ui.click(tab('general'));
    await ui.keyboard('{ArrowRight}');
    expect(tab('ads')).toHaveAttribute('aria-selected', 'true');
    expect(tab('ads')).toHaveFocus();
    expect(byLabel(L.breakinterval)).toBeVisible();
    await ui.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tab('advanced')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows only the tabs asked for; one tab shows its fields without a tab list', () => {
    renderFields(VALID, ['ads']);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(byLabel(L.breakinterval)).toBeVisible();
    expect(screen.queryByLabelText(new RegExp(`^${escapeRegExp(L.name)}`))).not.toBeInTheDocument();
  });

  it('submits the values the schema reads, IP lists as arrays, the chosen slate and config', async () => {
    const { ui, onValid } = renderFields();
    await ui.click(tab('security'));
    await ui.type(byLabel(L.trustedIpsList), '10.0.0.0/8\n192.168.1.10, 172.16.0.1');
    await ui.type(byLabel(L.blockedIpsList), '8.8.8.8');
    await ui.click(tab('advanced'));
    await retype(ui, byLabel(L.advancedConfig), '{{"log.level": "info"}');
    await chooseOption(ui, byLabel(L.slateId), 'Technical difficulties');
    await ui.click(byLabel(L.slatePrediction));
    await ui.click(tab('scaling'));
    await retype(ui, byLabel(L.desiredPods), '2');
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const values = onValid.mock.calls[0]![0];
    expect(toDatasourcePayload(values)).toEqual({
      ...VALID,
      trustedIpsList: ['10.0.0.0/8', '192.168.1.10', '172.16.0.1'],
      blockedIpsList: ['8.8.8.8'],
      advancedConfig: '{"log.level": "info"}',
      slateId: SLATES[1]!.value,
      slateConfig: { fillMode: 'loop', prediction: true },
      desiredPods: 2,
    });
  });

  it('reads a stored stream: a config object becomes its JSON text, missing fields their defaults', () => {
    const values = toDatasourceValues({
      ...VALID,
      advancedConfig: { 'log.level': 'info' } as unknown as string,
      slateConfig: undefined as unknown as LiveStream['slateConfig'],
      _id: 'x',
      version: 3,
    });
    expect(values.advancedConfig).toBe('{\n  "log.level": "info"\n}');
    expect(values.slateConfig).toEqual(LIVE_STREAM_DEFAULTS.slateConfig);
    expect(values).not.toHaveProperty('_id');
    expect(values).not.toHaveProperty('version');
  });
});

describe('DatasourceFields: every rule, with the messages of core', () => {
  it("General: a source stream URL that does not end with '/'", async () => {
    const { ui } = renderFields();
    const url = byLabel(L.sourceStreamUrl);
    await retype(ui, url, 'https://origin.example.com/live/one');
    expectMessage(url, M.invalidStreamUrl);
    await retype(ui, url, 'origin');
    expectMessage(url, M.invalidUrl);
    await retype(ui, url, 'https://origin.example.com/live/one/');
    expect(screen.queryByText(M.invalidUrl)).not.toBeInTheDocument();
    expect(url).not.toHaveAttribute('aria-invalid');
  });

  it('General: the name is required', async () => {
    const { ui } = renderFields();
    const name = byLabel(L.name);
    await retype(ui, name, '');
    expectMessage(name, fieldRequiredMessage(L.name));
  });

  it('General: a timezone not written +HH:MM, an EPG URL that is no URL', async () => {
    const { ui } = renderFields();
    const timezone = byLabel(L.timezone);
    await retype(ui, timezone, '5:30');
    expectMessage(timezone, LIVE_STREAM_TEXTS.timezone);
    const epg = byLabel(L.epgUrl);
    await retype(ui, epg, 'guide');
    expectMessage(epg, M.invalidUrl);
  });

  it('Ads and prefetch: whole numbers above zero', async () => {
    const { ui } = renderFields();
    await ui.click(tab('ads'));
    const podLength = byLabel(L.adpodLength);
    await retype(ui, podLength, '0');
    expectMessage(podLength, greaterThanZeroMessage(L.adpodLength));
    await ui.click(tab('prefetch'));
    const prefetch = byLabel(L.prefetchCount);
    await retype(ui, prefetch, '');
    expectMessage(prefetch, greaterThanZeroMessage(L.prefetchCount));
  });

  it('Ads: bundles whose percentages do not total 100, with a live total', async () => {
    const { ui } = renderFields();
    await ui.click(tab('ads'));
    const first = within(row(L.bundleName, 1));
    await retype(ui, byLabel(L.percentage, first), '60');
    expect(screen.getByText(T.bundlesTotal(60))).toBeVisible();
    expect(screen.getByText(M.bundlesTotal)).toBeVisible();
    expect(screen.getByRole('group', { name: L.bundles })).toHaveAccessibleDescription(M.bundlesTotal);

    await ui.click(screen.getByRole('button', { name: T.addBundle }));
    const second = within(row(L.bundleName, 2));
    // A new entry starts with its pick of a bundle.
    expect(byLabel(T.demandBundle, second)).toHaveFocus();
    await ui.type(byLabel(L.bundleName, second), 'Sports');
    await retype(ui, byLabel(L.percentage, second), '40');
    expect(screen.getByText(T.bundlesTotal(100))).toBeVisible();
    expect(screen.queryByText(M.bundlesTotal)).not.toBeInTheDocument();

    // Removing a row updates the total and the rule at once.
    await ui.click(screen.getByRole('button', { name: T.removeRow(L.bundleName, 1) }));
    expect(byLabel(L.bundleName, within(row(L.bundleName, 1)))).toHaveValue('Sports');
    expect(screen.getByText(T.bundlesTotal(40))).toBeVisible();
    // The rule's message waits for the click that removed the row to end (lib/pointer-press.ts).
    expect(await screen.findByText(M.bundlesTotal)).toBeVisible();
    expect(screen.getByRole('button', { name: T.addBundle })).toHaveFocus();
  });

  it('Ads: a bundle needs a name and a percentage from 0 to 100', async () => {
    const { ui } = renderFields();
    await ui.click(tab('ads'));
    const first = within(row(L.bundleName, 1));
    await retype(ui, byLabel(L.bundleName, first), '');
    expectMessage(byLabel(L.bundleName, first), LIVE_STREAM_TEXTS.bundleName);
    await retype(ui, byLabel(L.percentage, first), '150');
    expectMessage(byLabel(L.percentage, first), LIVE_STREAM_TEXTS.percentage);
  });

  it('Ads: an external decision needs a valid VAST/VMAP URL', async () => {
    const { ui } = renderFields();
    await ui.click(tab('ads'));
    await ui.click(screen.getByRole('radio', { name: T.adDecisionOptions.external }));
    expect(screen.queryByRole('group', { name: L.bundles })).not.toBeInTheDocument();
    const vast = byLabel(L.vastUrl);
    await retype(ui, vast, 'not a url');
    expectMessage(vast, M.invalidUrl);
    await retype(ui, vast, 'https://ads.example.com/vmap.xml');
    expect(screen.queryByText(M.invalidUrl)).not.toBeInTheDocument();
  });

  it('Ads: a break interval of 3, an ad exchange value with "playlist", an ad report URL "foo"', async () => {
    const { ui } = renderFields();
    await ui.click(tab('ads'));
    const interval = byLabel(L.breakinterval);
    await retype(ui, interval, '3');
    expectMessage(interval, M.breakInterval);
    const exchange = byLabel(L.adExchangeValue);
    await retype(ui, exchange, 'my-PlayList-7');
    expectMessage(exchange, M.playlistNotValid);
    const report = byLabel(L.adReportUrl);
    await retype(ui, report, 'foo');
    expectMessage(report, M.adReportUrl);
    await retype(ui, report, '/report');
    expect(screen.queryByText(M.adReportUrl)).not.toBeInTheDocument();
  });

  it('Layouts: a layout without a transition and with a duration of 5', async () => {
    const { ui, onValid } = renderFields();
    await ui.click(tab('layouts'));
    await ui.click(screen.getByRole('button', { name: T.addLayout }));
    const layout = within(row(L.layoutName, 1));
    await ui.type(byLabel(L.layoutName, layout), 'L-shape');
    await retype(ui, byLabel(L.duration, layout), '5');
    expectMessage(byLabel(L.duration, layout), M.durationRange);
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expectMessage(byLabel(L.transition, layout), M.thisFieldRequired);
    expect(onValid).not.toHaveBeenCalled();

    await chooseOption(ui, byLabel(L.transition, layout), 'fade');
    await retype(ui, byLabel(L.duration, layout), '0.5');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0].midrollLayouts).toEqual([
      { name: 'L-shape', transition: 'fade', duration: 0.5 },
    ]);
  });

  it('Layouts: the text overlay on with no text', async () => {
    const { ui, onValid } = renderFields();
    await ui.click(tab('layouts'));
    expect(
      screen.queryByLabelText(new RegExp(`^${escapeRegExp(L.textOverlayText)}`)),
    ).not.toBeInTheDocument();
    await ui.click(byLabel(L.textOverlayEnabled));
    const text = byLabel(L.textOverlayText);
    await retype(ui, text, '   ');
    expectMessage(text, LIVE_STREAM_TEXTS.overlayText);
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).not.toHaveBeenCalled();
    // Switching it off drops the message with the hidden field.
    await ui.click(byLabel(L.textOverlayEnabled));
    expect(screen.queryByText(LIVE_STREAM_TEXTS.overlayText)).not.toBeInTheDocument();
    expect(tab('layouts')).not.toHaveAttribute('data-error');
  });

  it('Redundancy: enabled with a backup URL that is not a stream URL', async () => {
    const { ui } = renderFields();
    await ui.click(tab('redundancy'));
    await chooseOption(ui, byLabel(L.inRedundancy), T.redundancyOptions.ENABLE);
    const backup = byLabel(L.backupStreamUrl);
    expect(backup).toHaveAccessibleDescription(T.streamUrlHint);
    await retype(ui, backup, 'https://backup.example.com/live');
    expectMessage(backup, M.invalidStreamUrl);
    await retype(ui, backup, 'backup');
    expectMessage(backup, M.invalidUrl);
  });

  it('Security: an Akamai token of odd length, an IP "abc", a blocked IP in the trusted list', async () => {
    const { ui } = renderFields();
    await ui.click(tab('security'));
    const token = byLabel(L.akamaiToken);
    await retype(ui, token, 'abc');
    expectMessage(token, M.invalidAkamaiToken);
    await retype(ui, token, 'abcd');
    expect(screen.queryByText(M.invalidAkamaiToken)).not.toBeInTheDocument();

    const trusted = byLabel(L.trustedIpsList);
    const blocked = byLabel(L.blockedIpsList);
    await retype(ui, trusted, '10.0.0.1\nabc');
    expectMessage(trusted, M.invalidIpOrCidr);
    await retype(ui, trusted, '10.0.0.1, 10.0.0.2');
    expect(screen.queryByText(M.invalidIpOrCidr)).not.toBeInTheDocument();
    await retype(ui, blocked, '8.8.8.8\n10.0.0.2');
    expectMessage(blocked, ipInTrustedListMessage('10.0.0.2'));
    expect(trusted).not.toHaveAttribute('aria-invalid');
    // Taking it out of the trusted list clears the blocked list's message.
    await retype(ui, trusted, '10.0.0.1');
    expect(screen.queryByText(ipInTrustedListMessage('10.0.0.2'))).not.toBeInTheDocument();
  });

  it('Scaling: min pods 0, min not below max, desired outside min..max', async () => {
    const { ui } = renderFields();
    await ui.click(tab('scaling'));
    const min = byLabel(L.minReplicas);
    const max = byLabel(L.maxReplicas);
    const desired = byLabel(L.desiredPods);
    await retype(ui, min, '0');
    expectMessage(min, M.minPodsAboveZero);

    await retype(ui, min, '5');
    expectMessage(min, M.minPodsBelowMax);
    expect(max).toHaveAccessibleDescription(M.minPodsBelowMax);
    await retype(ui, max, '6');
    expect(screen.queryByText(M.minPodsBelowMax)).not.toBeInTheDocument();
    expect(min).not.toHaveAttribute('aria-invalid');

    await retype(ui, desired, '9');
    expectMessage(desired, M.desiredPodsRange);
    await retype(ui, desired, '');
    expect(screen.queryByText(M.desiredPodsRange)).not.toBeInTheDocument();
  });

  it('Scaling: a toleration with an empty value', async () => {
    const { ui } = renderFields();
    await ui.click(tab('scaling'));
    await ui.click(screen.getByRole('button', { name: T.addToleration }));
    const toleration = within(row(T.toleration, 1));
    expect(byLabel(L.tolerationKey, toleration)).toHaveFocus();
    await ui.type(byLabel(L.tolerationKey, toleration), 'dedicated');
    await retype(ui, byLabel(L.tolerationValue, toleration), '');
    expectMessage(byLabel(L.tolerationValue, toleration), fieldRequiredMessage(L.tolerationValue));
  });

  it('Advanced: a config key that starts with a digit, and unreadable JSON', async () => {
    const { ui } = renderFields();
    await ui.click(tab('advanced'));
    const config = byLabel(L.advancedConfig);
    await retype(ui, config, '{{"1key": "value"}');
    expectMessage(config, M.configJson);
    await retype(ui, config, '{{"key":');
    expectMessage(config, M.invalidJson);
    await retype(ui, config, '');
    expectMessage(config, M.setDefaultConfig);
  });
});

describe('DatasourceFields: failing tabs', () => {
  it('a submit with a failing field on a hidden tab opens that tab, marks it and focuses the field', async () => {
    const { ui, onValid } = renderFields({ ...VALID, breakinterval: 3, akamaiToken: 'abc' });
    expect(tab('general')).toHaveAttribute('aria-selected', 'true');
    await ui.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(tab('ads')).toHaveAttribute('aria-selected', 'true'));
    const interval = byLabel(L.breakinterval);
    expectMessage(interval, M.breakInterval);
    await waitFor(() => expect(interval).toHaveFocus());
    expect(tab('ads')).toHaveAccessibleName(`${tabLabel('ads')} ${T.tabHasErrors}`);
    expect(tab('ads')).toHaveAttribute('data-error', 'true');
    expect(tab('security')).toHaveAttribute('data-error', 'true');
    expect(tab('general')).not.toHaveAttribute('data-error');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('the first failing tab opens even when the open tab has an error too', async () => {
    const { ui } = renderFields({ ...VALID, breakinterval: 3, minReplicas: 0 });
    await ui.click(tab('scaling'));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tab('ads')).toHaveAttribute('aria-selected', 'true'));
    expect(tab('scaling')).toHaveAttribute('data-error', 'true');
  });

  it("messages that arrive later (a server's 400) on another tab open it", async () => {
    const { ui } = renderFields({
      ...VALID,
      tolerations: [{ key: 'dedicated', value: 'ads', effect: 'NoSchedule' }],
    });
    await ui.click(screen.getByRole('button', { name: 'Server errors' }));
    await waitFor(() => expect(tab('scaling')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByText('Rejected by the server')).toBeVisible();
  });
});
