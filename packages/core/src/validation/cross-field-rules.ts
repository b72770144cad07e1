/**
 * Rules of spec section 5 that compare fields of one form. Each names the fields it reads and
 * puts its message on the field the user must change. Field names are the spec's (section 3,
 * "Other field names seen in validation"); where the spec does not name a field, a factory takes
 * the names and the default is documented.
 */
import { ipInTrustedListMessage, VALIDATION_MESSAGES as M } from './messages.ts';
import { parseTimeOfDay, toTimestamp } from './parsers.ts';
import type { CrossFieldRule, FieldIssue } from './types.ts';

type Fields = Record<string, unknown>;

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const issue = (field: string, message: string): FieldIssue => ({ field, message });

// ---- Pods ----------------------------------------------------------------------------------

export interface PodsValue {
  minReplicas: number;
  maxReplicas: number;
  desiredPods?: number | null;
}

/**
 * Min Pods above 0 (on minReplicas); Min below Max, strictly (on both minReplicas and maxReplicas:
 * changing either fixes it); desired pods within Min..Max inclusive (on desiredPods, when given
 * and when Min does not exceed Max, since no desired value could then be right).
 */
export const podsRule: CrossFieldRule<PodsValue> = {
  fields: ['minReplicas', 'maxReplicas', 'desiredPods'],
  validate: ({ minReplicas, maxReplicas, desiredPods }) => {
    const issues: FieldIssue[] = [];
    if (minReplicas <= 0) issues.push(issue('minReplicas', M.minPodsAboveZero));
    if (minReplicas >= maxReplicas) {
      issues.push(issue('minReplicas', M.minPodsBelowMax), issue('maxReplicas', M.minPodsBelowMax));
    }
    if (
      isFiniteNumber(desiredPods) &&
      minReplicas <= maxReplicas &&
      (desiredPods < minReplicas || desiredPods > maxReplicas)
    ) {
      issues.push(issue('desiredPods', M.desiredPodsRange));
    }
    return issues;
  },
};

// ---- Dates and times -----------------------------------------------------------------------

export interface DatePairFields {
  start: string;
  end: string;
}

/**
 * Start not after end (equal is accepted). Both messages, each on its own field: 'Start date must
 * be before end date!' on the start, 'End date must be after start date!' on the end. Dates are
 * `Date`s or MM-DD-YYYYTHH:mm:ss text; an unreadable date is left to that field's own rule.
 * Default fields: startDate and endDate.
 */
export const startEndDatesRule = (
  { start, end }: DatePairFields = { start: 'startDate', end: 'endDate' },
): CrossFieldRule<Fields> => ({
  fields: [start, end],
  validate: (value) => {
    const from = toTimestamp(value[start]);
    const to = toTimestamp(value[end]);
    if (from === null || to === null || from <= to) return [];
    return [issue(start, M.startDateBeforeEnd), issue(end, M.endDateAfterStart)];
  },
});

export interface FromToFields {
  from: string;
  to: string;
}

/**
 * From Date not later than To Date (equal accepted): 'From Date cannot be later than To Date' on
 * the From field, 'To Date cannot be earlier than From Date' on the To field. Default fields
 * (not named by the spec): fromDate and toDate.
 */
export const fromToDatesRule = (
  { from, to }: FromToFields = { from: 'fromDate', to: 'toDate' },
): CrossFieldRule<Fields> => ({
  fields: [from, to],
  validate: (value) => {
    const fromTime = toTimestamp(value[from]);
    const toTime = toTimestamp(value[to]);
    if (fromTime === null || toTime === null || fromTime <= toTime) return [];
    return [issue(from, M.fromDateAfterToDate), issue(to, M.toDateBeforeFromDate)];
  },
});

export interface MaxDateFields {
  /** The start the max date is compared with. */
  start: string;
  /** The max date, which must not be before the start. */
  max: string;
}

/**
 * A max date not before its start date: 'Invalid date!' on the max date. An unreadable max date
 * is also 'Invalid date!'.
 */
export const maxDateRule = ({ start, max }: MaxDateFields): CrossFieldRule<Fields> => ({
  fields: [start, max],
  validate: (value) => {
    const maxValue = value[max];
    if (maxValue === undefined || maxValue === null || maxValue === '') return [];
    const maxTime = toTimestamp(maxValue);
    if (maxTime === null) return [issue(max, M.invalidDate)];
    const startTime = toTimestamp(value[start]);
    return startTime !== null && maxTime < startTime ? [issue(max, M.invalidDate)] : [];
  },
});

/** Max date versus schedule start (the max date's field name is not in the spec: maxDate). */
export const scheduleMaxDateRule = maxDateRule({ start: 'scheduleStartDate', max: 'maxDate' });
/** Exclude max date versus exclude start (field name chosen: excludeMaxDate). */
export const excludeMaxDateRule = maxDateRule({ start: 'excludeStartDate', max: 'excludeMaxDate' });

export interface TimePairFields {
  start: string;
  end: string;
}

/**
 * Rule end time not before rule start time (equal accepted), times as HH:mm or HH:mm:ss:
 * 'Invalid time!' on the end time; an unreadable time gets the same message on its own field.
 * Default fields: ruleStartTime (spec) and ruleEndTime.
 */
export const ruleTimeRule = (
  { start, end }: TimePairFields = { start: 'ruleStartTime', end: 'ruleEndTime' },
): CrossFieldRule<Fields> => ({
  fields: [start, end],
  validate: (value) => {
    const issues: FieldIssue[] = [];
    const read = (field: string): number | null => {
      const text = value[field];
      if (text === undefined || text === null || text === '') return null;
      const seconds = typeof text === 'string' ? parseTimeOfDay(text) : null;
      if (seconds === null) issues.push(issue(field, M.invalidTime));
      return seconds;
    };
    const startTime = read(start);
    const endTime = read(end);
    if (startTime !== null && endTime !== null && endTime < startTime) issues.push(issue(end, M.invalidTime));
    return issues;
  },
});

// ---- Interval versus ad duration -----------------------------------------------------------

export interface IntervalFields {
  interval: string;
  adDuration: string;
  trigger: string;
}

/**
 * When trigger equals 1 (number or text), interval must exceed ad duration: the message goes on
 * the interval. Default fields: interval (not named by the spec), adDuration and trigger.
 */
export const intervalAdDurationRule = (
  { interval, adDuration, trigger }: IntervalFields = {
    interval: 'interval',
    adDuration: 'adDuration',
    trigger: 'trigger',
  },
): CrossFieldRule<Fields> => ({
  fields: [interval, adDuration, trigger],
  validate: (value) => {
    const triggerValue = value[trigger];
    if (triggerValue !== 1 && triggerValue !== '1') return [];
    const intervalValue = Number(value[interval]);
    const adDurationValue = Number(value[adDuration]);
    if (Number.isNaN(adDurationValue)) return [];
    return Number.isFinite(intervalValue) && intervalValue > adDurationValue
      ? []
      : [issue(interval, M.intervalAboveAdDuration)];
  },
});

// ---- Placements --------------------------------------------------------------------------

export interface PlacementsValue {
  campaign?: { accountId?: { _id?: string } | null } | null;
  placement?: readonly { _id?: string; name?: string; accountId?: { _id?: string } | null }[] | null;
}

/**
 * At least one placement, each named and belonging to the campaign's account:
 * 'Placements is required' on placement. Without a campaign account there is nothing to compare
 * (the campaign field has its own required rule); the placements must still be named.
 */
export const placementsRule: CrossFieldRule<PlacementsValue> = {
  fields: ['campaign', 'placement'],
  validate: ({ campaign, placement }) => {
    const accountId = campaign?.accountId?._id;
    const valid =
      Array.isArray(placement) &&
      placement.length > 0 &&
      placement.every(
        (item) =>
          typeof item?.name === 'string' &&
          item.name.trim() !== '' &&
          (accountId === undefined || item.accountId?._id === accountId),
      );
    return valid ? [] : [issue('placement', M.placementsRequired)];
  },
};

// ---- IP lists ---------------------------------------------------------------------------

export interface IpListsValue {
  trustedIpsList?: readonly string[] | null;
  blockedIpsList?: readonly string[] | null;
}

/** '1.2.3.4/32' and '1.2.3.4' name the same single address. */
const normaliseIp = (entry: string): string => entry.trim().replace(/\/32$/, '');

/**
 * A blocked IP must not be in the trusted list: '{ip} is in Trusted List' on blockedIpsList, once
 * per offending entry. Entries match when they name the same address or range (a /32 equals the
 * bare address); a blocked host inside a trusted range is allowed (a deliberate exception).
 */
export const blockedIpsRule: CrossFieldRule<IpListsValue> = {
  fields: ['trustedIpsList', 'blockedIpsList'],
  validate: ({ trustedIpsList, blockedIpsList }) => {
    const trusted = new Set((trustedIpsList ?? []).map(normaliseIp));
    return (blockedIpsList ?? [])
      .filter((ip) => trusted.has(normaliseIp(ip)))
      .map((ip) => issue('blockedIpsList', ipInTrustedListMessage(ip.trim())));
  },
};

// ---- Repeat password -------------------------------------------------------------------

export interface PasswordPairFields {
  password: string;
  repeat: string;
}

/**
 * Repeat password equals password, message on the repeat field. It still speaks when the password
 * itself breaks a rule (the two can be fixed together). Default fields: password, repeatPassword.
 */
export const repeatPasswordRule = (
  { password, repeat }: PasswordPairFields = { password: 'password', repeat: 'repeatPassword' },
): CrossFieldRule<Fields> => ({
  fields: [repeat],
  validate: (value) => (value[password] === value[repeat] ? [] : [issue(repeat, M.repeatPassword)]),
});
