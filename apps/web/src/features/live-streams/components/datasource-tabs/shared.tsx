/** What the datasource tabs share: option lists, the plan lock, a whole-number input. */
import {
  AD_DECISIONS,
  featureOfField,
  LIVE_STREAM_TABS,
  OVERLAY_POSITIONS,
  REDUNDANCY_MODES,
  RESOURCE_STATUSES,
  SLATE_FILL_MODES,
} from '@cuepoint/core';
import { NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlanLock } from '../../../../components/plan/plan-lock.tsx';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import type { DatasourceForm, DatasourceTabId } from '../datasource-values.ts';

export interface SlateOption {
  value: string;
  label: string;
}

export const options = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const STATUS_OPTIONS = options(RESOURCE_STATUSES, T.statusOptions);
export const AD_DECISION_OPTIONS = options(AD_DECISIONS, T.adDecisionOptions);
export const REDUNDANCY_OPTIONS = options(REDUNDANCY_MODES, T.redundancyOptions);
export const POSITION_OPTIONS = options(OVERLAY_POSITIONS, T.overlayPositionOptions);
export const FILL_MODE_OPTIONS = options(SLATE_FILL_MODES, T.slateFillModeOptions);

export const POD_FIELDS = ['minReplicas', 'maxReplicas', 'desiredPods'] as const;
export const IP_FIELDS = ['trustedIpsList', 'blockedIpsList'] as const;

/** Drops the messages of fields a switch just hid (they can no longer be fixed where they show). */
export function clearErrorsOf(form: DatasourceForm, fields: readonly string[]) {
  form.setErrors((current) => {
    const kept = Object.entries(current).filter(
      ([field]) => !fields.some((hidden) => field === hidden || field.startsWith(`${hidden}.`)),
    );
    return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
  });
}

/** The fields of `fields`' plan feature, locked when `locked` names any of them (PlanLock). */
export function Locked({
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

export const tabFields = (id: DatasourceTabId): readonly string[] =>
  LIVE_STREAM_TABS.find((tab) => tab.id === id)?.fields ?? [];

export type FieldsProps = { form: DatasourceForm };

/** A whole-number input: Mantine's props, no clamping (the schema's messages say what is wrong). */
export function WholeNumber({ form, field, label }: FieldsProps & { field: string; label: string }) {
  return (
    <NumberInput label={label} allowDecimal={false} key={form.key(field)} {...form.getInputProps(field)} />
  );
}
