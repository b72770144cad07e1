/** From a failed parse to what a 400 answer and a form show: each failing field and its message. */
import type { FieldIssue } from './types.ts';

/** The part of a zod error this needs (a `ZodError`, or `{ issues }` from `safeParse`). */
export interface IssueList {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

/**
 * One `{ field, message }` per issue, in zod's order, `field` a dotted path ('bundles',
 * 'placement.0.name'; '' for the payload as a whole). Exact repeats are dropped.
 */
export const toFieldIssues = (error: IssueList): FieldIssue[] => {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const { path, message } of error.issues) {
    const field = path.map(String).join('.');
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ field, message });
  }
  return issues;
};

/** The first message of each field, the way a form shows one message under each input. */
export const firstMessageByField = (issues: readonly FieldIssue[]): Record<string, string> => {
  const messages: Record<string, string> = {};
  for (const { field, message } of issues) {
    if (!Object.hasOwn(messages, field)) messages[field] = message;
  }
  return messages;
};
