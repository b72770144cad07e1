import { describe, expect, it } from 'vitest';
import { breadcrumbs, screenTitle } from '../breadcrumbs.ts';

const HOME = { path: '', label: 'Home', to: '/overview' };

describe('breadcrumbs', () => {
  it('starts with Home, linking /overview', () => {
    expect(breadcrumbs('/overview')).toEqual([
      HOME,
      { path: '/overview', label: 'Overview', to: '/overview' },
    ]);
    expect(breadcrumbs('/')).toEqual([HOME]);
  });

  it('gives one linked crumb per prefix: screen titles, and the value of a parameter', () => {
    expect(breadcrumbs('/streams-live/ch-7/kibana')).toEqual([
      HOME,
      { path: '/streams-live', label: 'Live Streams', to: '/streams-live' },
      { path: '/streams-live/ch-7', label: 'ch-7', to: '/streams-live/ch-7' },
      { path: '/streams-live/ch-7/kibana', label: 'Live Stream Logs', to: '/streams-live/ch-7/kibana' },
    ]);
  });

  it('prefers a static screen to a parameterised sibling', () => {
    expect(breadcrumbs('/streams-vod/metadata').at(-1)).toEqual({
      path: '/streams-vod/metadata',
      label: 'VOD Metadata',
      to: '/streams-vod/metadata',
    });
    expect(breadcrumbs('/streams-live/kibana').at(-1)).toMatchObject({ label: 'Live Stream Logs' });
    // Any other value is the parameter.
    expect(breadcrumbs('/streams-vod/movie-1').at(-1)).toMatchObject({ label: 'movie-1' });
  });

  it("stands a record's id for the record: the screen's title until the bar has its name", () => {
    const id = '2b9d6f0e-4c1a-4e8b-9f3d-7a6c5b4e3d21';
    expect(breadcrumbs(`/streams-live/${id}/kibana`)).toEqual([
      HOME,
      { path: '/streams-live', label: 'Live Streams', to: '/streams-live' },
      {
        path: `/streams-live/${id}`,
        label: 'Live Stream',
        to: `/streams-live/${id}`,
        record: { kind: 'liveStream', id },
      },
      { path: `/streams-live/${id}/kibana`, label: 'Live Stream Logs', to: `/streams-live/${id}/kibana` },
    ]);
    expect(breadcrumbs(`/streams-ads/${id}`).at(-1)?.record).toEqual({ kind: 'liveStream', id });
    expect(breadcrumbs(`/streams-vod/${id}`).at(-1)?.record).toEqual({ kind: 'vod', id });
    expect(breadcrumbs(`/streamer-addon/${id}`).at(-1)?.record).toEqual({ kind: 'streamer', id });
    // No record behind 'new' (the create form), a value that is no id, or a screen of no resource.
    expect(breadcrumbs('/streams-live/new').at(-1)).toEqual({
      path: '/streams-live/new',
      label: 'new',
      to: '/streams-live/new',
    });
    expect(breadcrumbs(`/monitoring/${id}`).at(-1)).not.toHaveProperty('record');
  });

  it('shows a prefix without a screen of its own as plain text, named from the path', () => {
    const crumbs = breadcrumbs('/documentation/swagger-ui');
    expect(crumbs).toEqual([
      HOME,
      { path: '/documentation', label: 'Documentation' },
      { path: '/documentation/swagger-ui', label: 'Swagger', to: '/documentation/swagger-ui' },
    ]);
    expect(crumbs[1]).not.toHaveProperty('to');
    expect(breadcrumbs('/campaign-manager/index.deleted')[1]).toEqual({
      path: '/campaign-manager',
      label: 'Campaign Manager',
    });
  });

  it('handles /monitoring/{ch_id}: /monitoring is no screen, the channel is', () => {
    expect(breadcrumbs('/monitoring/42')).toEqual([
      HOME,
      { path: '/monitoring', label: 'Monitoring' },
      { path: '/monitoring/42', label: '42', to: '/monitoring/42' },
    ]);
  });

  it('decodes a URL-encoded segment for its label, keeping the link encoded', () => {
    expect(breadcrumbs('/streams-live/a%20b').at(-1)).toEqual({
      path: '/streams-live/a%20b',
      label: 'a b',
      to: '/streams-live/a%20b',
    });
    expect(breadcrumbs('/streams-live/caf%C3%A9/kibana')[2]).toMatchObject({ label: 'café' });
  });

  it('does not throw on a malformed encoding: the raw segment is shown', () => {
    expect(() => breadcrumbs('/streams-live/%E0%A4%A')).not.toThrow();
    expect(breadcrumbs('/streams-live/%E0%A4%A').at(-1)).toMatchObject({ label: '%E0%A4%A' });
    expect(() => breadcrumbs('/no-screen/%E0%A4%A')).not.toThrow();
  });

  it('ignores empty segments (trailing or doubled slashes)', () => {
    expect(breadcrumbs('/streams-live/')).toEqual(breadcrumbs('/streams-live'));
    expect(breadcrumbs('//streams-live//kibana').map((c) => c.label)).toEqual([
      'Home',
      'Live Streams',
      'Live Stream Logs',
    ]);
  });

  it.each([
    '/overview',
    '/streams-live/ch-7/kibana',
    '/streams-live/streams-live/streams-live',
    '/documentation/swagger-ui',
    '/monitoring/monitoring',
    '/a/a/a/a',
  ])('gives unique path keys for %s', (pathname) => {
    const paths = breadcrumbs(pathname).map((crumb) => crumb.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('screenTitle', () => {
  it.each([
    ['/overview', 'Overview'],
    ['/streams-live', 'Live Streams'],
    ['/streams-live/ch-7', 'Live Stream'],
    ['/streams-live/ch-7/kibana', 'Live Stream Logs'],
    ['/streams-vod/metadata', 'VOD Metadata'],
    ['/streams-vod/movie-1', 'VOD'],
    ['/monitoring/42', 'Monitoring'],
    ['/documentation/swagger-ui', 'Swagger'],
  ])('%s -> %s', (pathname, title) => {
    expect(screenTitle(pathname)).toBe(title);
  });

  it('names /billing-history as its viewer’s screen: History for a main administrator, Billing for others', () => {
    expect(screenTitle('/billing-history')).toBe('Billing History');
    expect(screenTitle('/billing-history', { mainAdmin: true })).toBe('Billing History');
    expect(screenTitle('/billing-history', { mainAdmin: false })).toBe('Billing');
    expect(breadcrumbs('/billing-history', { mainAdmin: false }).at(-1)).toEqual({
      path: '/billing-history',
      label: 'Billing',
      to: '/billing-history',
    });
    expect(breadcrumbs('/billing-history', { mainAdmin: true }).at(-1)).toMatchObject({
      label: 'Billing History',
    });
    // Every other screen has one title for everyone.
    expect(screenTitle('/streams-live', { mainAdmin: false })).toBe('Live Streams');
    expect(breadcrumbs('/billing-history/billingChart', { mainAdmin: false }).at(-1)).toMatchObject({
      label: 'Billing Chart',
    });
  });

  it.each(['/documentation', '/monitoring', '/no-such-screen', '/streams-live/a/b/c', '/'])(
    'is undefined where no screen answers (%s)',
    (pathname) => {
      expect(screenTitle(pathname)).toBeUndefined();
    },
  );
});
