/**
 * What the schema tables share (schemas.test.ts, demand-schema-cases.ts): a case is a valid sample
 * with one change and the exact `{ field, message }` issues it gives.
 */
import type { z } from 'zod';
import { toFieldIssues } from '../../validation/field-issues.ts';
import { fieldRequiredMessage, VALIDATION_MESSAGES as M } from '../../validation/messages.ts';
import { NAME_MAX_LENGTH } from '../fields.ts';

export type Payload = Record<string, unknown>;
export interface Case {
  rule: string;
  /** Fields to set on the sample; `undefined` removes the field. */
  change: Payload;
  expected: { field: string; message: string }[];
}
/** A resource's table: its valid sample, the changes each refused, and changes accepted. */
export interface SchemaTable {
  sample: Payload;
  cases: Case[];
  accepted: Payload[];
}

export const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};
export const withChange = (sample: Payload, change: Payload): Payload => {
  const value: Payload = { ...sample, ...change };
  for (const [key, v] of Object.entries(change)) if (v === undefined) delete value[key];
  return value;
};
export const only = (field: string, message: string) => [{ field, message }];

export const UUID = '7d444840-9dc0-4c2c-9d3a-2f2d5e1c3b1a';
export const OTHER_UUID = '0b6f2f0e-43a1-4b47-9f5e-5b5d0c8f3e21';
export const LONG_NAME = 'n'.repeat(NAME_MAX_LENGTH + 1);
export const nameCases = (label = 'Name'): Case[] => [
  { rule: 'name missing', change: { name: undefined }, expected: only('name', fieldRequiredMessage(label)) },
  { rule: 'name blank', change: { name: '   ' }, expected: only('name', fieldRequiredMessage(label)) },
  { rule: 'name not text', change: { name: 42 }, expected: only('name', fieldRequiredMessage(label)) },
  {
    rule: 'name too long',
    change: { name: LONG_NAME },
    expected: only('name', `${label} must be at most ${NAME_MAX_LENGTH} characters`),
  },
];
export const statusCase: Case = {
  rule: 'status unknown',
  change: { status: 'paused' },
  expected: only('status', M.thisFieldRequired),
};
