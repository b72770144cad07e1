const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A count ("1,234"). */
export const formatCount = (value: number) => integer.format(value);
/** Revenue kept in thousandths of a cent, shown in the account's currency units ("1,234.56"). */
export const formatRevenue = (millicents: number) => money.format(millicents / 100_000);
/** A share 0..1 as a percentage, or a dash ("66.7 %"). */
export const formatShare = (value: number | null) =>
  value === null ? '—' : `${oneDecimal.format(value * 100)} %`;
/** A count with at most one decimal ("7.5"). */
export const formatDecimal = (value: number) => oneDecimal.format(value).replace(/\.0$/, '');
/** YYYY-MM-DD of a date (UTC). */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
