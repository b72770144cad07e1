import { MONITORING_UI_TEXTS as T } from './texts.ts';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A count ("1,234"). */
export const formatCount = (value: number) => integer.format(value);
/** A rate per second ("0.6"). */
export const formatRate = (value: number) => decimal.format(value);
/** A percentage, or a dash when there was nothing to divide ("66.7 %"). */
export const formatPercent = (value: number | null) =>
  value === null ? T.none : `${oneDecimal.format(value)} %`;
/** A latency, or a dash without requests ("250 ms"). */
export const formatMs = (value: number | null) => (value === null ? T.none : `${integer.format(value)} ms`);

/** A point's time on a chart's axis: hours and minutes, with the day for the week. */
export function formatAxisTime(iso: string, withDay: boolean): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return withDay ? `${date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short' })} ${time}` : time;
}
