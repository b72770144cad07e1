import { describe, expect, it } from 'vitest';
import { API_PATHS, allApiPaths, apiPath, itemPath, routePattern } from '../paths.ts';

describe('apiPath', () => {
  it('fills parameters URI-encoded', () => {
    expect(apiPath(API_PATHS.user.get, { id: 'u/1 x' })).toBe('user/getUser/u%2F1%20x');
    expect(apiPath(itemPath(API_PATHS.resources.liveStream), { id: 'abc' })).toBe('ssai/ds/abc');
  });

  it('appends a query, leaving out undefined values; none when empty', () => {
    expect(apiPath(API_PATHS.user.search, undefined, { q: 'a&b c', limit: 20, skip: undefined })).toBe(
      'user/search?q=a%26b%20c&limit=20',
    );
    expect(apiPath(API_PATHS.events, undefined, new URLSearchParams({ after: '7' }))).toBe('events?after=7');
    expect(apiPath(API_PATHS.overview.summary, undefined, {})).toBe('overview/summary');
    expect(apiPath(API_PATHS.overview.summary)).toBe('overview/summary');
  });

  it('refuses a missing parameter instead of calling a wrong path', () => {
    expect(() => apiPath(API_PATHS.customer.get, {} as { id: string })).toThrow(
      'apiPath: no value for :id in customer/getCustomer/:id',
    );
  });
});

describe('the table', () => {
  it('gives the server its route patterns', () => {
    expect(routePattern(API_PATHS.customer.approve)).toBe('/customer/approve/:id');
  });

  it('holds each path once, relative (no leading slash), with item paths for every resource', () => {
    const paths = allApiPaths();
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[A-Za-z][\w/:-]*$/);
    expect(paths).toContain('ssai/encoder/:id');
  });
});
