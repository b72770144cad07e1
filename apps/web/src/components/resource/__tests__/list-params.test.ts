import { ENCODER_LIST, SLATE_LIST } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { listQueryString } from '../../../lib/resource-api.ts';
import {
  activeFilterCount,
  applyListChange,
  defaultListParams,
  parseListParams,
  toSearchParams,
} from '../use-list-params.ts';

const DEFAULTS = defaultListParams(ENCODER_LIST);

describe('parseListParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseListParams('', ENCODER_LIST)).toEqual({
      page: 1,
      pageSize: '10',
      sort: 'updatedAt',
      order: 'desc',
      filters: {},
    });
  });

  it('reads every parameter and each filter of the list shape', () => {
    expect(
      parseListParams(
        'page=3&pageSize=50&sort=name&order=asc&q=%20studio%20&status=inactive&input_type=NDI',
        ENCODER_LIST,
      ),
    ).toEqual({
      page: 3,
      pageSize: '50',
      sort: 'name',
      order: 'asc',
      q: 'studio',
      filters: { status: 'inactive', input_type: 'NDI' },
    });
    expect(parseListParams('pageSize=All', ENCODER_LIST).pageSize).toBe('All');
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['pageSize=7', { pageSize: '10' }],
    ['pageSize=all', { pageSize: '10' }],
    ['sort=password', { sort: 'updatedAt' }],
    ['sort=duration', { sort: 'updatedAt' }], // a slate's sort key, not an encoder's
    ['order=up', { order: 'desc' }],
  ])('falls back to the default for an invalid value (%s)', (search, expected) => {
    expect(parseListParams(search, ENCODER_LIST)).toEqual({ ...DEFAULTS, ...expected });
  });

  it('drops filter values the list shape does not know, and unknown filters', () => {
    expect(parseListParams('status=deleted&input_type=SRT&genre=News', ENCODER_LIST).filters).toEqual({
      input_type: 'SRT',
    });
  });

  it('drops blank search text and cuts a long one to the maximum length', () => {
    expect(parseListParams('q=%20%20', ENCODER_LIST)).not.toHaveProperty('q');
    expect(parseListParams(`q=${'x'.repeat(300)}`, ENCODER_LIST).q).toHaveLength(200);
  });
});

describe('toSearchParams', () => {
  it('leaves the defaults out of the URL', () => {
    expect(toSearchParams(DEFAULTS, ENCODER_LIST).toString()).toBe('');
  });

  it('writes what differs from the defaults, in a stable order', () => {
    const params = {
      page: 2,
      pageSize: '20' as const,
      sort: 'name',
      order: 'asc' as const,
      q: 'news',
      filters: { input_type: 'RTMP', status: 'active' },
    };
    expect(toSearchParams(params, ENCODER_LIST).toString()).toBe(
      'page=2&pageSize=20&sort=name&order=asc&q=news&status=active&input_type=RTMP',
    );
  });

  it('round-trips through parseListParams', () => {
    const search = 'page=4&pageSize=100&sort=duration&order=asc&q=fill&sourceType=upload';
    expect(toSearchParams(parseListParams(search, SLATE_LIST), SLATE_LIST).toString()).toBe(search);
  });
});

describe('applyListChange', () => {
  const onPage3 = { ...DEFAULTS, page: 3, filters: { status: 'active' } };

  it('goes back to page 1 when the search text, a filter, the page size or the sort changes', () => {
    expect(applyListChange(onPage3, { q: 'abc' }).page).toBe(1);
    expect(applyListChange(onPage3, { filters: { input_type: 'SDI' } }).page).toBe(1);
    expect(applyListChange(onPage3, { filters: { status: null } }).page).toBe(1);
    expect(applyListChange(onPage3, { pageSize: '50' }).page).toBe(1);
    expect(applyListChange(onPage3, { sort: 'name', order: 'asc' }).page).toBe(1);
  });

  it('keeps the page when nothing about the rows changes, and takes a page it is given', () => {
    expect(applyListChange(onPage3, { pageSize: '10' }).page).toBe(3);
    expect(applyListChange(onPage3, { filters: { status: 'active' } }).page).toBe(3);
    expect(applyListChange(onPage3, { page: 5 }).page).toBe(5);
    expect(applyListChange(onPage3, { q: 'x', page: 2 }).page).toBe(2);
  });

  it('merges filters, clears one with null or an empty value, and drops blank text', () => {
    const next = applyListChange(onPage3, { filters: { input_type: 'UDP' }, q: '  ' });
    expect(next.filters).toEqual({ status: 'active', input_type: 'UDP' });
    expect(next).not.toHaveProperty('q');
    expect(applyListChange(next, { filters: { status: '', input_type: null } }).filters).toEqual({});
    expect(activeFilterCount(next)).toBe(2);
  });
});

describe('listQueryString (the API call)', () => {
  it('sends every parameter, the search text and the set filters', () => {
    expect(listQueryString(DEFAULTS)).toBe('page=1&pageSize=10&sort=updatedAt&order=desc');
    expect(
      listQueryString({ ...DEFAULTS, q: ' a b ', filters: { status: 'active', input_type: 'SDI' } }),
    ).toBe('page=1&pageSize=10&sort=updatedAt&order=desc&q=a+b&input_type=SDI&status=active');
  });
});
