/** The list call's parameters and answers (listQuerySchema, page sizes, version, conflict shape). */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFieldIssues } from '../../validation/field-issues.ts';
import {
  conflictResponseSchema,
  DEFAULT_PAGE_SIZE,
  LIST_ALL_MAX_ROWS,
  type ListShape,
  listQuerySchema,
  listResponseSchema,
  PAGE_SIZE_VALUES,
  pageSizeRows,
  resourceMetaSchema,
  SEARCH_MAX_LENGTH,
  versionSchema,
} from '../list.ts';
import { RESOURCE_KINDS, RESOURCES } from '../registry.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};
const META_SORT_KEYS = ['name', 'createdAt', 'updatedAt'];
const UUID = '7d444840-9dc0-4c2c-9d3a-2f2d5e1c3b1a';

describe('page sizes', () => {
  it('are the spec’s 10, 20, 50, 100 and All, 10 by default', () => {
    expect(PAGE_SIZE_VALUES).toEqual(['10', '20', '50', '100', 'All']);
    expect(DEFAULT_PAGE_SIZE).toBe('10');
  });

  it('stand for that many rows, All for every row', () => {
    expect(PAGE_SIZE_VALUES.map(pageSizeRows)).toEqual([10, 20, 50, 100, LIST_ALL_MAX_ROWS]);
  });
});

describe.each(RESOURCE_KINDS)('%s list shape', (kind) => {
  const { list, defaults } = RESOURCES[kind];
  const schema = listQuerySchema(list);
  const dataFields = Object.keys(defaults);

  it('sorts, filters and searches only on fields the resource has', () => {
    expect(list.sortKeys).toContain(list.defaultSort);
    for (const key of list.sortKeys) expect([...dataFields, ...META_SORT_KEYS]).toContain(key);
    for (const name of Object.keys(list.filters)) expect(dataFields).toContain(name);
    for (const name of list.searchFields) expect(dataFields).toContain(name);
    expect(list.searchFields).toContain('name');
    for (const key of list.numericSortKeys ?? []) {
      expect(list.sortKeys).toContain(key);
      expect(typeof (defaults as Record<string, unknown>)[key]).toBe('number');
    }
  });

  it('offers as filter values exactly what the schema accepts for that field', () => {
    for (const [name, values] of Object.entries(list.filters)) {
      for (const value of values) {
        const field = (RESOURCES[kind].schema as unknown as z.ZodObject).shape[name] as z.ZodType;
        expect(field.safeParse(value).success, `${name}=${value}`).toBe(true);
      }
      const field = (RESOURCES[kind].schema as unknown as z.ZodObject).shape[name] as z.ZodType;
      expect(field.safeParse('not-a-value').success).toBe(false);
    }
  });

  it('defaults to the first page of 10, in the shape’s default order', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      pageSize: '10',
      sort: list.defaultSort,
      order: list.defaultOrder,
    });
  });

  it('reads the page from the query text and accepts every page size, sort key, order and filter value', () => {
    for (const pageSize of PAGE_SIZE_VALUES) expect(schema.parse({ pageSize }).pageSize).toBe(pageSize);
    for (const sort of list.sortKeys) {
      for (const order of ['asc', 'desc'] as const) {
        expect(schema.parse({ page: '3', sort, order })).toMatchObject({ page: 3, sort, order });
      }
    }
    for (const [name, values] of Object.entries(list.filters)) {
      for (const value of values) {
        expect((schema.parse({ [name]: value }) as Record<string, unknown>)[name]).toBe(value);
      }
    }
  });

  it('trims the search text and takes a customer id', () => {
    expect(schema.parse({ q: '  news  ', customerId: UUID })).toMatchObject({ q: 'news', customerId: UUID });
    expect(schema.safeParse({ q: 'x'.repeat(SEARCH_MAX_LENGTH) }).success).toBe(true);
    expect(issuesOf(schema, { q: 'x'.repeat(SEARCH_MAX_LENGTH + 1) }).map((i) => i.field)).toEqual(['q']);
  });

  it.each([
    ['page 0', { page: '0' }, 'page', 'page must be a whole number from 1'],
    ['page -1', { page: '-1' }, 'page', 'page must be a whole number from 1'],
    ['page 1.5', { page: '1.5' }, 'page', 'page must be a whole number from 1'],
    ['page text', { page: 'two' }, 'page', 'page must be a whole number from 1'],
    ['page size 25', { pageSize: '25' }, 'pageSize', 'pageSize must be 10, 20, 50, 100 or All'],
    ['page size all', { pageSize: 'all' }, 'pageSize', 'pageSize must be 10, 20, 50, 100 or All'],
    ['order up', { order: 'up' }, 'order', 'order must be asc or desc'],
    ['customer id', { customerId: 'demo' }, 'customerId', 'Invalid UUID'],
  ])('refuses %s, naming the field', (_name, query, field, message) => {
    expect(issuesOf(schema, query)).toEqual([{ field, message }]);
  });

  it('refuses an unknown sort key, naming the keys it accepts', () => {
    expect(issuesOf(schema, { sort: 'colour' })).toEqual([
      { field: 'sort', message: `sort must be one of ${list.sortKeys.join(', ')}` },
    ]);
  });

  it('refuses a filter value the filter does not offer, naming the values', () => {
    for (const [name, values] of Object.entries(list.filters)) {
      expect(issuesOf(schema, { [name]: 'nope' })).toEqual([
        { field: name, message: `${name} must be one of ${values.join(', ')}` },
      ]);
    }
  });

  it('refuses an unknown parameter (a typo must not silently list everything)', () => {
    expect(schema.safeParse({ stauts: 'active' }).success).toBe(false);
    expect(schema.safeParse({ sortBy: 'name' }).success).toBe(false);
  });
});

describe('listQuerySchema', () => {
  it('builds its filters from the shape it is given', () => {
    const shape: ListShape = {
      sortKeys: ['name'],
      defaultSort: 'name',
      defaultOrder: 'asc',
      filters: { colour: ['red', 'blue'] },
      searchFields: ['name'],
    };
    const schema = listQuerySchema(shape);
    expect(schema.parse({ colour: 'red' })).toMatchObject({ colour: 'red', sort: 'name', order: 'asc' });
    expect(schema.safeParse({ status: 'active' }).success).toBe(false);
  });
});

describe('versionSchema', () => {
  it('accepts a version from 1', () => {
    expect(versionSchema.parse(1)).toBe(1);
    expect(versionSchema.parse(42)).toBe(42);
  });

  it.each([0, -1, 1.5, '1', null, undefined])('refuses %o with “version is required”', (value) => {
    expect(issuesOf(versionSchema, value)).toEqual([{ field: '', message: 'version is required' }]);
  });
});

describe('response shapes', () => {
  const meta = {
    _id: UUID,
    customerId: UUID,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: 'demo@cuepoint.example',
  };

  it('describes the meta fields every stored resource carries', () => {
    expect(resourceMetaSchema.parse(meta)).toEqual(meta);
    expect(resourceMetaSchema.safeParse({ ...meta, updatedBy: null }).success).toBe(true);
    expect(resourceMetaSchema.safeParse({ ...meta, version: 0 }).success).toBe(false);
    expect(resourceMetaSchema.safeParse({ ...meta, _id: 'abc' }).success).toBe(false);
  });

  it('describes a list answer as data and a total', () => {
    const schema = listResponseSchema(resourceMetaSchema);
    expect(schema.parse({ data: [meta], total: 7 })).toEqual({ data: [meta], total: 7 });
    expect(schema.safeParse({ data: [], total: -1 }).success).toBe(false);
    expect(schema.safeParse({ data: [] }).success).toBe(false);
  });

  it('describes a 409 with the current version or what uses the resource', () => {
    expect(
      conflictResponseSchema.parse({ statusCode: 409, error: 'Conflict', message: 'm', currentVersion: 2 }),
    ).toMatchObject({ currentVersion: 2 });
    expect(
      conflictResponseSchema.parse({
        statusCode: 409,
        error: 'Conflict',
        message: 'm',
        usedBy: [{ kind: 'liveStream', _id: UUID, name: 'Sports 1' }],
      }).usedBy,
    ).toHaveLength(1);
    expect(conflictResponseSchema.safeParse({ statusCode: 400, error: 'x', message: 'm' }).success).toBe(
      false,
    );
  });
});
