/**
 * What the datasource form holds and how it maps to a stored live stream: the tab of each
 * field, the form values of a stored stream, and the body a save sends.
 */
import {
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_TABS,
  type LiveStream,
  type LiveStreamInput,
  liveStreamSchema,
} from '@cuepoint/core';
import type { UseFormReturnType } from '@mantine/form';

/** The values of the datasource form: the schema's input (lists as arrays, config as JSON text). */
export type DatasourceValues = LiveStreamInput;
/** A Mantine form from `useZodForm(liveStreamSchema, values)`. */
export type DatasourceForm = UseFormReturnType<DatasourceValues>;
export type DatasourceTab = (typeof LIVE_STREAM_TABS)[number];
export type DatasourceTabId = DatasourceTab['id'];

/** The tab that holds a field, by its top-level name ('bundles.0.name' -> 'ads'), if any. */
export function tabOfField(field: string): DatasourceTabId | undefined {
  const top = field.split('.', 1)[0] ?? '';
  return LIVE_STREAM_TABS.find((tab) => (tab.fields as readonly string[]).includes(top))?.id;
}

/** Fields that currently show an error, in the order of their tabs and of the fields in a tab. */
export function failingFields(errors: Readonly<Record<string, unknown>>): string[] {
  const order = LIVE_STREAM_TABS.flatMap((tab) => tab.fields as readonly string[]);
  const rank = (field: string) => {
    const index = order.indexOf(field.split('.', 1)[0] ?? '');
    return index === -1 ? order.length : index;
  };
  return Object.keys(errors)
    .filter((field) => errors[field] !== undefined && errors[field] !== null && errors[field] !== false)
    .map((field, position) => ({ field, position }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.position - b.position)
    .map(({ field }) => field);
}

/** The data fields of a live stream, the names its defaults carry. */
export const DATASOURCE_FIELDS = Object.keys(LIVE_STREAM_DEFAULTS) as (keyof LiveStream)[];

/**
 * The form values of a stored live stream (its meta fields left out): any field the record
 * lacks takes its default, and a config object becomes its JSON text for the editor.
 */
export function toDatasourceValues(record: Partial<LiveStream> & Record<string, unknown>): DatasourceValues {
  const values: Record<string, unknown> = {};
  for (const field of DATASOURCE_FIELDS) {
    const value = record[field];
    values[field] = value === undefined ? LIVE_STREAM_DEFAULTS[field] : value;
  }
  const config = values.advancedConfig;
  if (typeof config === 'object' && config !== null) values.advancedConfig = JSON.stringify(config, null, 2);
  const slate = values.slateConfig as Partial<LiveStream['slateConfig']> | null | undefined;
  values.slateConfig = { ...LIVE_STREAM_DEFAULTS.slateConfig, ...(slate ?? {}) };
  return values as DatasourceValues;
}

/** The body of a create or a full update: the values as the schema reads them (trimmed, defaulted). */
export const toDatasourcePayload = (values: DatasourceValues): LiveStream => liveStreamSchema.parse(values);
