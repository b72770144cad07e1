/** A single-value rule answers the spec message of the first thing wrong, or null when valid. */
export type RuleResult = string | null;
export type Rule<T = unknown> = (value: T) => RuleResult;

/**
 * One failing field and its message. `field` is a dotted path ('bundles', 'placement.0.name'),
 * the same shape the server answers with a 400 and the console shows under a field.
 */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * A rule over several fields of one object. `fields` are the top-level keys it depends on: when
 * one of them already failed its own rule, the cross-field rule stays silent (the user first
 * fixes that field). `validate` returns one issue per field the user must change.
 */
export interface CrossFieldRule<T = Record<string, unknown>> {
  readonly fields: readonly string[];
  readonly validate: (value: T) => FieldIssue[];
}

/** Source of "now", injectable so rules that depend on the date are testable. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
