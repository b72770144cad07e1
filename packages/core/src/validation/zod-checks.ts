/** Adapters that turn the plain rules into zod checks, so schemas and forms share one rule set. */
import { z } from 'zod';
import type { CrossFieldRule, Rule } from './types.ts';

/** Dotted field path to a zod path: 'placement.0.name' -> ['placement', 0, 'name']. */
export const toIssuePath = (field: string): (string | number)[] =>
  field === '' ? [] : field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A single-value rule as a zod check: `z.number().check(ruleCheck(validateThreshold))`.
 * The rule's message becomes the issue's message, on the value's own path.
 */
export const ruleCheck = <T>(rule: Rule<T>) =>
  z.superRefine<T>((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
  });

/**
 * A cross-field rule as a zod check on an object schema:
 * `z.object({ minReplicas, maxReplicas }).check(crossFieldCheck(podsRule))`. Each issue lands on
 * the path the rule names (relative to the object, so nesting the object keeps it right).
 *
 * zod skips object-level checks once any field failed; this one runs anyway unless the object
 * itself or one of the rule's own fields failed, so a form shows a cross-field message beside the
 * messages of unrelated fields, and never compares a value that is not yet valid.
 */
export const crossFieldCheck = <T>(rule: CrossFieldRule<T>) =>
  z.superRefine<T>(
    (value, ctx) => {
      for (const { field, message } of rule.validate(value)) {
        ctx.addIssue({ code: 'custom', message, path: toIssuePath(field), input: value });
      }
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => {
          const head = issue.path?.[0];
          return head === undefined || rule.fields.includes(String(head));
        }),
    },
  );
