import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstMessageByField, toFieldIssues } from '../field-issues.ts';
import { bundlesSchema, emailSchema, podsSchema, requiredTextSchema } from '../field-schemas.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';

describe('toFieldIssues', () => {
  it('names each failing field with a dotted path and its message', () => {
    const schema = z.object({
      name: requiredTextSchema('Name'),
      contact: z.object({ email: emailSchema }),
      bundles: bundlesSchema,
      pods: podsSchema,
      tags: z.array(requiredTextSchema()),
    });
    const result = schema.safeParse({
      name: '',
      contact: { email: 'nope' },
      bundles: [{ percentage: 10 }],
      pods: { minReplicas: 2, maxReplicas: 5, desiredPods: 9 },
      tags: ['ok', ''],
    });
    expect(result.success).toBe(false);
    expect(toFieldIssues(result.error ?? { issues: [] })).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'contact.email', message: M.invalidEmail },
      { field: 'bundles', message: M.bundlesTotal },
      { field: 'pods.desiredPods', message: M.desiredPodsRange },
      { field: 'tags.1', message: M.thisFieldRequired },
    ]);
  });

  it('names the payload itself with an empty field', () => {
    const result = z.object({ a: z.string() }, { error: M.pleaseFillRequiredFields }).safeParse(null);
    expect(toFieldIssues(result.error ?? { issues: [] })).toEqual([
      { field: '', message: M.pleaseFillRequiredFields },
    ]);
  });

  it.each([
    { name: 'no issues', issues: [], expected: [] },
    {
      name: 'exact repeats dropped',
      issues: [
        { path: ['a'], message: 'x' },
        { path: ['a'], message: 'x' },
        { path: ['a'], message: 'y' },
      ],
      expected: [
        { field: 'a', message: 'x' },
        { field: 'a', message: 'y' },
      ],
    },
    {
      name: 'numbers in paths',
      issues: [{ path: ['list', 0, 'name'], message: 'm' }],
      expected: [{ field: 'list.0.name', message: 'm' }],
    },
  ])('$name', ({ issues, expected }) => {
    expect(toFieldIssues({ issues })).toEqual(expected);
  });
});

describe('firstMessageByField', () => {
  it('keeps the first message of each field', () => {
    expect(
      firstMessageByField([
        { field: 'minReplicas', message: M.minPodsAboveZero },
        { field: 'minReplicas', message: M.minPodsBelowMax },
        { field: 'maxReplicas', message: M.minPodsBelowMax },
      ]),
    ).toEqual({ minReplicas: M.minPodsAboveZero, maxReplicas: M.minPodsBelowMax });
  });

  it('gives an empty record for no issues', () => {
    expect(firstMessageByField([])).toEqual({});
  });
});
