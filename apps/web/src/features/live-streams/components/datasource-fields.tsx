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
import { LIVE_STREAM_TABS } from '@cuepoint/core';
import { Box, Tabs } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { DATASOURCE_TEXTS as T } from '../texts.ts';
import classes from './datasource-fields.module.css';
import { AdsFields, PrefetchFields } from './datasource-tabs/ads.tsx';
import { AdvancedFields } from './datasource-tabs/advanced.tsx';
import { GeneralFields } from './datasource-tabs/general.tsx';
import { LayoutFields } from './datasource-tabs/layout.tsx';
import { RedundancyFields } from './datasource-tabs/redundancy.tsx';
import { ScalingFields } from './datasource-tabs/scaling.tsx';
import { SecurityFields } from './datasource-tabs/security.tsx';
import { Locked, type SlateOption, tabFields } from './datasource-tabs/shared.tsx';
import {
  type DatasourceForm,
  type DatasourceTab,
  type DatasourceTabId,
  failingFields,
  tabOfField,
} from './datasource-values.ts';

export type { SlateOption };

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
