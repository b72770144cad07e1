/** How the resource tables show plain values when a column has no `render`. */
import { KIT_TEXTS } from './texts.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A date-time in the user's locale ('' or an unreadable value shows as given). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return KIT_TEXTS.empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A cell's text: dates of the ISO form as dates, booleans as Yes/No, lists joined, nothing as a dash. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return KIT_TEXTS.empty;
  if (typeof value === 'boolean') return value ? KIT_TEXTS.yes : KIT_TEXTS.no;
  if (typeof value === 'number') return value.toLocaleString();
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) return value.length === 0 ? KIT_TEXTS.empty : value.map(formatCell).join(', ');
  return JSON.stringify(value);
}
