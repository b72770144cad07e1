/** The log viewer's query and event shapes. */
import { describe, expect, it } from 'vitest';
import { toFieldIssues } from '../../validation/field-issues.ts';
import {
  EVENT_LEVELS,
  EVENT_TAIL_INTERVAL_MS,
  EVENT_TAIL_LIMIT,
  EVENT_TOTAL_CAP,
  eventListQuerySchema,
  eventListResponseSchema,
  resourceEventSchema,
} from '../events.ts';
import { RESOURCE_KINDS } from '../registry.ts';

const UUID = '7d444840-9dc0-4c2c-9d3a-2f2d5e1c3b1a';
const issuesOf = (value: unknown) => {
  const result = eventListQuerySchema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};

describe('eventListQuerySchema', () => {
  it('needs a kind and defaults to the first page of 50', () => {
    expect(eventListQuerySchema.parse({ kind: 'slate' })).toEqual({ kind: 'slate', page: 1, pageSize: '50' });
    for (const kind of RESOURCE_KINDS) expect(eventListQuerySchema.parse({ kind }).kind).toBe(kind);
    expect(issuesOf({})).toEqual([
      { field: 'kind', message: `kind must be one of ${RESOURCE_KINDS.join(', ')}` },
    ]);
  });

  it('takes every filter, a page and a live-tail cursor', () => {
    const query = {
      kind: 'vod',
      resourceId: UUID,
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00+02:00',
      level: 'warning',
      q: '  deleted ',
      page: '4',
      pageSize: '100',
      after: '1234',
      customerId: UUID,
    };
    expect(eventListQuerySchema.parse(query)).toEqual({ ...query, q: 'deleted', page: 4 });
  });

  it.each([
    ['kind', { kind: 'channel' }, `kind must be one of ${RESOURCE_KINDS.join(', ')}`],
    ['resourceId', { resourceId: 'abc' }, 'Invalid UUID'],
    ['from', { from: '01-01-2026' }, 'from must be an ISO date-time'],
    ['to', { to: 'yesterday' }, 'to must be an ISO date-time'],
    ['level', { level: 'fatal' }, `level must be one of ${EVENT_LEVELS.join(', ')}`],
    ['page', { page: '0' }, 'page must be a whole number from 1'],
    ['pageSize', { pageSize: 'All' }, 'pageSize must be 10, 20, 50 or 100'],
    ['pageSize', { pageSize: '25' }, 'pageSize must be 10, 20, 50 or 100'],
    ['after', { after: '12a' }, 'after must be an event id'],
    ['after', { after: '-1' }, 'after must be an event id'],
    ['customerId', { customerId: 'x' }, 'Invalid UUID'],
  ])('refuses a bad %s, naming it', (field, query, message) => {
    expect(issuesOf({ kind: 'slate', ...query })).toEqual([{ field, message }]);
  });

  it('refuses an unknown parameter', () => {
    expect(eventListQuerySchema.safeParse({ kind: 'slate', sort: 'at' }).success).toBe(false);
  });
});

describe('event shapes', () => {
  const event = {
    _id: '42',
    at: '2026-01-01T00:00:00.000Z',
    kind: 'liveStream',
    resourceId: UUID,
    resourceName: 'Sports 1',
    customerId: UUID,
    action: 'updated',
    level: 'info',
    message: 'Live stream updated: name',
    changes: [{ field: 'name', from: 'Sports', to: 'Sports 1' }],
    actor: 'demo@cuepoint.example',
    actingAdmin: null,
  };

  it('describes an event and a page of events', () => {
    expect(resourceEventSchema.parse(event)).toEqual(event);
    expect(resourceEventSchema.safeParse({ ...event, level: 'fatal' }).success).toBe(false);
    expect(resourceEventSchema.safeParse({ ...event, kind: 'channel' }).success).toBe(false);
    expect(eventListResponseSchema.parse({ data: [event], total: 1, capped: false }).data).toHaveLength(1);
    expect(eventListResponseSchema.safeParse({ data: [event], total: 1 }).success).toBe(false);
  });

  it('caps totals above the tail limit and polls every few seconds', () => {
    expect(EVENT_TOTAL_CAP).toBeGreaterThan(EVENT_TAIL_LIMIT);
    expect(EVENT_TAIL_INTERVAL_MS).toBeGreaterThanOrEqual(1000);
  });
});
