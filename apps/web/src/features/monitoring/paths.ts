import { entryPath } from '@cuepoint/core';

/** The monitoring screens' paths: one channel's charts, and the picker (System › Monitoring). */
const PICKER = entryPath('monitoring');
const BASE = PICKER.slice(0, PICKER.lastIndexOf('/'));

export const MONITORING_PATHS = {
  monitor: entryPath('streams-monitor'),
  /** The picker's `ch_id` (the sidebar's target). */
  pickerId: PICKER.slice(BASE.length + 1),
  picker: PICKER,
  channel: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
} as const;
