import { LIVE_STREAM_LABELS as L } from '@cuepoint/core';
import { DATASOURCE_TEXTS } from '../texts.ts';

/** Labels of the live stream list shape's filters (both lists of streams offer them). */
export const STREAM_FILTER_LABELS = {
  status: L.status,
  formatType: L.formatType,
  adDecision: L.adDecision,
  inRedundancy: L.inRedundancy,
} as const;

/** Labels of the filters' values. */
export const STREAM_FILTER_OPTION_LABELS = {
  status: DATASOURCE_TEXTS.statusOptions,
  adDecision: DATASOURCE_TEXTS.adDecisionOptions,
  inRedundancy: DATASOURCE_TEXTS.redundancyOptions,
} as const;
