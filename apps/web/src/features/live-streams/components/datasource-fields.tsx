/**
 * The datasource of a live stream (spec section 3) as tabs a user can follow: the fields of
 * LIVE_STREAM_TABS, labelled with LIVE_STREAM_LABELS and checked by liveStreamSchema (the same
 * rules and messages as the server). Bound to a Mantine form from
 * `useZodForm(liveStreamSchema, values)`; the form around it owns the submit.
 *
 * Tabs: arrow keys move between them; a tab with a failing field shows a marker; when a submit
 * fails, the first failing tab opens and its first failing input takes the focus, and when
 * messages arrive later (a server's 400) on other tabs only, the first of those opens.
 */
import {
  AD_DECISIONS,
  FORMAT_TYPES,
  featureOfField,
  LIVE_STREAM_LABELS as L,
  LIVE_STREAM_TABS,
  liveStreamSchema,
  OVERLAY_POSITIONS,
  REDUNDANCY_MODES,
  RESOURCE_STATUSES,
  SLATE_FILL_MODES,
  splitList,
} from '@cuepoint/core';
import {
  Box,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { PlanLock } from '../../../components/plan/plan-lock.tsx';
import { TranscodingNotice } from '../../../components/transcoding-notice.tsx';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { DATASOURCE_TEXTS as T } from '../texts.ts';
import classes from './datasource-fields.module.css';
import { BundlesEditor, LayoutsEditor, TolerationsEditor } from './datasource-lists.tsx';
import {
  type DatasourceForm,
  type DatasourceTab,
  type DatasourceTabId,
  failingFields,
  tabOfField,
} from './datasource-values.ts';

export interface SlateOption {
  value: string;
  label: string;
}

export interface DatasourceFieldsProps {
  form: DatasourceForm;
  /** The tabs to show, in LIVE_STREAM_TABS order (default: all). One tab shows its fields alone. */
  tabs?: readonly DatasourceTabId[];
  /** The account's slates for the slate select. */
  slates?: readonly SlateOption[];
  /** The account's bundles (/demand) a bundle entry of the internal demand picks. */
  bundles?: readonly SlateOption[];
  /** The tab shown first (the first one by default): /streams-ads/{detail} opens on Ads. */
  initialTab?: DatasourceTabId;
  /** Fields the customer's plan does not include (core's `lockedFields`): disabled, under the Enterprise badge. */
  locked?: readonly string[];
}

const options = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const STATUS_OPTIONS = options(RESOURCE_STATUSES, T.statusOptions);
const AD_DECISION_OPTIONS = options(AD_DECISIONS, T.adDecisionOptions);
const REDUNDANCY_OPTIONS = options(REDUNDANCY_MODES, T.redundancyOptions);
const POSITION_OPTIONS = options(OVERLAY_POSITIONS, T.overlayPositionOptions);
const FILL_MODE_OPTIONS = options(SLATE_FILL_MODES, T.slateFillModeOptions);

const POD_FIELDS = ['minReplicas', 'maxReplicas', 'desiredPods'] as const;
const IP_FIELDS = ['trustedIpsList', 'blockedIpsList'] as const;

/** Drops the messages of fields a switch just hid (they can no longer be fixed where they show). */
function clearErrorsOf(form: DatasourceForm, fields: readonly string[]) {
  form.setErrors((current) => {
    const kept = Object.entries(current).filter(
      ([field]) => !fields.some((hidden) => field === hidden || field.startsWith(`${hidden}.`)),
    );
    return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
  });
}

/** The fields of `fields`' plan feature, locked when `locked` names any of them (PlanLock). */
function Locked({
  fields,
  locked,
  children,
}: {
  fields: readonly string[];
  locked: readonly string[];
  children: ReactNode;
}) {
  const field = fields.find((name) => locked.includes(name));
  const feature = field === undefined ? null : featureOfField('liveStream', field);
  if (feature === null) return <>{children}</>;
  return (
    <PlanLock feature={feature} locked>
      {children}
    </PlanLock>
  );
}

const tabFields = (id: DatasourceTabId): readonly string[] =>
  LIVE_STREAM_TABS.find((tab) => tab.id === id)?.fields ?? [];

export function DatasourceFields({
  form,
  tabs,
  slates = [],
  bundles = [],
  initialTab,
  locked = [],
}: DatasourceFieldsProps) {
  const shown = useMemo(
    () => LIVE_STREAM_TABS.filter((tab) => tabs === undefined || tabs.includes(tab.id)),
    [tabs],
  );
  const [selected, setActive] = useState<string>(initialTab ?? shown[0]?.id ?? 'general');
  const active = shown.some((tab) => tab.id === selected) ? selected : (shown[0]?.id ?? 'general');
  const root = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const previousErrors = useRef<ReadonlySet<string>>(new Set());
  const focusField = useRef<string | null>(null);

  const failing = failingFields(form.errors);
  const failingTabs = new Set(failing.map(tabOfField));

  // A submit of the surrounding form: the next messages open the first failing tab.
  useEffect(() => {
    const element = root.current?.closest('form');
    if (!element) return;
    const onSubmit = () => {
      submitted.current = true;
    };
    element.addEventListener('submit', onSubmit);
    return () => element.removeEventListener('submit', onSubmit);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change.
  useEffect(() => {
    const fields = failingFields(form.errors);
    const added = fields.filter((field) => !previousErrors.current.has(field));
    previousErrors.current = new Set(fields);
    const afterSubmit = submitted.current;
    submitted.current = false;
    const visible = (field: string) => shown.some((tab) => tab.id === tabOfField(field));
    const onActiveTab = fields.some((field) => tabOfField(field) === active);
    const target = afterSubmit
      ? fields.find(visible)
      : added.length > 0 && !onActiveTab
        ? added.find(visible)
        : undefined;
    if (target === undefined) return;
    const tab = tabOfField(target);
    if (tab !== undefined) setActive(tab);
    focusField.current = target;
  }, [form.errors]);

  // After the tab is shown, its first failing input takes the focus.
  useEffect(() => {
    const field = focusField.current;
    if (field === null) return;
    focusField.current = null;
    const container = root.current;
    const input =
      container?.querySelector<HTMLElement>(`input[data-path="${field}"], textarea[data-path="${field}"]`) ??
      container?.querySelector<HTMLElement>(`[data-path^="${field}."]:is(input, textarea)`) ??
      container?.querySelector<HTMLElement>(`[data-path="${field}"] :is(input, textarea, button)`);
    input?.focus();
  });

  const panels: Record<DatasourceTabId, () => ReactNode> = {
    general: () => <GeneralFields form={form} />,
    ads: () => <AdsFields form={form} locked={locked} bundles={bundles} />,
    prefetch: () => (
      <Locked fields={tabFields('prefetch')} locked={locked}>
        <PrefetchFields form={form} />
      </Locked>
    ),
    layouts: () => (
      <Locked fields={tabFields('layouts')} locked={locked}>
        <LayoutFields form={form} />
      </Locked>
    ),
    redundancy: () => (
      <Locked fields={tabFields('redundancy')} locked={locked}>
        <RedundancyFields form={form} />
      </Locked>
    ),
    security: () => <SecurityFields form={form} />,
    scaling: () => <ScalingFields form={form} />,
    advanced: () => <AdvancedFields form={form} slates={slates} />,
  };

  if (shown.length === 1) {
    const only = shown[0] as DatasourceTab;
    return (
      <Box ref={root} data-tab={only.id}>
        {panels[only.id]()}
      </Box>
    );
  }

  return (
    <Box ref={root}>
      <Tabs
        value={active}
        onChange={(value) => value !== null && setActive(value)}
        keepMountedMode="display-none"
      >
        <Tabs.List mb="md" className={classes.tabList}>
          {shown.map((tab) => {
            const hasErrors = failingTabs.has(tab.id);
            return (
              <Tabs.Tab
                key={tab.id}
                value={tab.id}
                data-error={hasErrors || undefined}
                aria-label={hasErrors ? `${tab.label} ${T.tabHasErrors}` : undefined}
                rightSection={hasErrors ? <ErrorMarker /> : undefined}
              >
                {tab.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {shown.map((tab) => (
          <Tabs.Panel key={tab.id} value={tab.id}>
            {panels[tab.id]()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Box>
  );
}

function ErrorMarker() {
  return (
    <Box
      component="span"
      aria-hidden="true"
      w={8}
      h={8}
      bg="var(--mantine-color-error)"
      style={{ borderRadius: '50%', display: 'inline-block' }}
    />
  );
}

type FieldsProps = { form: DatasourceForm };

/** A whole-number input: Mantine's props, no clamping (the schema's messages say what is wrong). */
function WholeNumber({ form, field, label }: FieldsProps & { field: string; label: string }) {
  return (
    <NumberInput label={label} allowDecimal={false} key={form.key(field)} {...form.getInputProps(field)} />
  );
}

function GeneralFields({ form }: FieldsProps) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={L.name} required key={form.key('name')} {...form.getInputProps('name')} />
        <Select
          label={L.status}
          data={STATUS_OPTIONS}
          allowDeselect={false}
          key={form.key('status')}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <TextInput
        label={L.sourceStreamUrl}
        dir="ltr"
        description={T.streamUrlHint}
        required
        inputMode="url"
        autoComplete="off"
        key={form.key('sourceStreamUrl')}
        {...form.getInputProps('sourceStreamUrl')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={L.formatType}
          data={FORMAT_TYPES}
          allowDeselect={false}
          key={form.key('formatType')}
          {...form.getInputProps('formatType')}
        />
        <TextInput
          label={L.timezone}
          dir="ltr"
          description={T.timezoneHint}
          autoComplete="off"
          key={form.key('timezone')}
          {...form.getInputProps('timezone')}
        />
      </SimpleGrid>
      <TextInput
        label={L.epgUrl}
        dir="ltr"
        inputMode="url"
        autoComplete="off"
        key={form.key('epgUrl')}
        {...form.getInputProps('epgUrl')}
      />
    </Stack>
  );
}

function AdsFields({
  form,
  locked,
  bundles,
}: FieldsProps & { locked: readonly string[]; bundles: readonly SlateOption[] }) {
  const adDecision = form.useWatchValue('adDecision');
  const labelId = useId();
  const { error: _error, onChange, ...decisionProps } = form.getInputProps('adDecision');
  return (
    <Stack>
      <Stack gap={4}>
        <Text id={labelId} size="sm" fw={500}>
          {L.adDecision}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={AD_DECISION_OPTIONS}
          key={form.key('adDecision')}
          {...decisionProps}
          onChange={(value: string) => {
            onChange(value);
            // The other choice's messages go with its fields.
            clearErrorsOf(form, value === 'internal' ? ['vastUrl'] : ['bundles']);
          }}
        />
      </Stack>
      {adDecision === 'external' ? (
        <>
          <TextInput
            label={L.vastUrl}
            dir="ltr"
            required
            inputMode="url"
            autoComplete="off"
            key={form.key('vastUrl')}
            {...form.getInputProps('vastUrl')}
          />
          <TranscodingNotice />
        </>
      ) : (
        <BundlesEditor form={form} bundles={bundles} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <NumberInput
          label={L.breakinterval}
          key={form.key('breakinterval')}
          {...form.getInputProps('breakinterval')}
        />
        <Locked fields={['adpodLength']} locked={locked}>
          <WholeNumber form={form} field="adpodLength" label={L.adpodLength} />
        </Locked>
        <WholeNumber form={form} field="maxAdBacklogDuration" label={L.maxAdBacklogDuration} />
        <WholeNumber form={form} field="adfrequencyCap" label={L.adfrequencyCap} />
        <WholeNumber form={form} field="maxWaitingSec" label={L.maxWaitingSec} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={L.adExchangeValue}
          autoComplete="off"
          key={form.key('adExchangeValue')}
          {...form.getInputProps('adExchangeValue')}
        />
        <TextInput
          label={L.adReportUrl}
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          key={form.key('adReportUrl')}
          {...form.getInputProps('adReportUrl')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function PrefetchFields({ form }: FieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <WholeNumber form={form} field="prefetchCount" label={L.prefetchCount} />
      <WholeNumber form={form} field="userLiveliness" label={L.userLiveliness} />
      <WholeNumber form={form} field="activenessInterval" label={L.activenessInterval} />
    </SimpleGrid>
  );
}

function LayoutFields({ form }: FieldsProps) {
  const overlay = form.useWatchValue('textOverlayEnabled');
  const { onChange, ...switchProps } = form.getInputProps('textOverlayEnabled', { type: 'checkbox' });
  return (
    <Stack>
      <LayoutsEditor form={form} />
      <Switch
        label={L.textOverlayEnabled}
        key={form.key('textOverlayEnabled')}
        {...switchProps}
        onChange={(event) => {
          onChange(event);
          if (!event.currentTarget.checked) clearErrorsOf(form, ['textOverlayText']);
        }}
      />
      {overlay ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={L.textOverlayText}
            required
            key={form.key('textOverlayText')}
            {...form.getInputProps('textOverlayText')}
          />
          <Select
            label={L.textOverlayPosition}
            data={POSITION_OPTIONS}
            allowDeselect={false}
            key={form.key('textOverlayPosition')}
            {...form.getInputProps('textOverlayPosition')}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function RedundancyFields({ form }: FieldsProps) {
  const mode = form.useWatchValue('inRedundancy');
  const { onChange, ...modeProps } = form.getInputProps('inRedundancy');
  return (
    <Stack>
      <Select
        label={L.inRedundancy}
        data={REDUNDANCY_OPTIONS}
        allowDeselect={false}
        key={form.key('inRedundancy')}
        {...modeProps}
        onChange={(value) => {
          onChange(value);
          if (value !== 'ENABLE') clearErrorsOf(form, ['backupStreamUrl']);
        }}
      />
      {mode === 'ENABLE' ? (
        <TextInput
          label={L.backupStreamUrl}
          dir="ltr"
          description={T.streamUrlHint}
          required
          inputMode="url"
          autoComplete="off"
          key={form.key('backupStreamUrl')}
          {...form.getInputProps('backupStreamUrl')}
        />
      ) : null}
    </Stack>
  );
}

/** An IP list typed one entry a line (or comma separated), held by the form as an array. */
function IpListField({
  form,
  field,
  label,
}: FieldsProps & { field: (typeof IP_FIELDS)[number]; label: string }) {
  const current = form.getValues()[field];
  return (
    <Textarea
      label={label}
      dir="ltr"
      description={T.ipListHint}
      rows={4}
      resize="vertical"
      spellCheck={false}
      autoComplete="off"
      data-path={field}
      key={form.key(field)}
      defaultValue={(Array.isArray(current) ? current : []).join('\n')}
      error={form.errors[field]}
      onChange={(event) =>
        form.setFieldValue(field, splitList(event.currentTarget.value), { forceUpdate: false })
      }
      onBlur={() => recheckFields(form, liveStreamSchema, IP_FIELDS)}
    />
  );
}

function SecurityFields({ form }: FieldsProps) {
  return (
    <Stack>
      <TextInput
        label={L.akamaiToken}
        dir="ltr"
        description={T.akamaiTokenHint}
        autoComplete="off"
        spellCheck={false}
        key={form.key('akamaiToken')}
        {...form.getInputProps('akamaiToken')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <IpListField form={form} field="trustedIpsList" label={L.trustedIpsList} />
        <IpListField form={form} field="blockedIpsList" label={L.blockedIpsList} />
      </SimpleGrid>
    </Stack>
  );
}

function ScalingFields({ form }: FieldsProps) {
  // The pod rules compare the three fields: leaving one updates the messages of all three.
  const podProps = (field: (typeof POD_FIELDS)[number]) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onBlur: (event: unknown) => {
        props.onBlur?.(event);
        recheckFields(form, liveStreamSchema, POD_FIELDS);
      },
    };
  };
  const desired = podProps('desiredPods');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={L.minReplicas}
          required
          allowDecimal={false}
          key={form.key('minReplicas')}
          {...podProps('minReplicas')}
        />
        <NumberInput
          label={L.maxReplicas}
          required
          allowDecimal={false}
          key={form.key('maxReplicas')}
          {...podProps('maxReplicas')}
        />
        <NumberInput
          label={L.desiredPods}
          description={T.desiredPodsHint}
          allowDecimal={false}
          key={form.key('desiredPods')}
          {...desired}
          // Empty means "not set": the schema's null, not an empty text.
          defaultValue={desired.defaultValue ?? ''}
          onChange={(value) =>
            form.setFieldValue('desiredPods', value === '' ? null : (value as number), { forceUpdate: false })
          }
        />
      </SimpleGrid>
      <TolerationsEditor form={form} />
    </Stack>
  );
}

function AdvancedFields({ form, slates }: FieldsProps & { slates: readonly SlateOption[] }) {
  return (
    <Stack>
      <Textarea
        label={L.advancedConfig}
        dir="ltr"
        description={T.advancedConfigHint}
        rows={6}
        resize="vertical"
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        key={form.key('advancedConfig')}
        {...form.getInputProps('advancedConfig')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={L.slateId}
          data={slates as SlateOption[]}
          clearable
          searchable
          placeholder={T.slatePlaceholder}
          nothingFoundMessage={T.noSlates}
          key={form.key('slateId')}
          {...form.getInputProps('slateId')}
        />
        <Select
          label={L.slateFillMode}
          data={FILL_MODE_OPTIONS}
          allowDeselect={false}
          key={form.key('slateConfig.fillMode')}
          {...form.getInputProps('slateConfig.fillMode')}
        />
        <Switch
          label={L.slatePrediction}
          mt={{ base: 0, sm: 30 }}
          key={form.key('slateConfig.prediction')}
          {...form.getInputProps('slateConfig.prediction', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </Stack>
  );
}
