import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_PAGE_SIZE,
  DEFAULT_RANGE,
  endsInPast,
  eventListParams,
  eventTailParams,
  fromLocalInput,
  invalidCustomRange,
  readLogParams,
  toLocalInput,
  writeLogParams,
} from '../log-params.ts';
import { logRouteOf } from '../log-scope.ts';

const read = (query: string) => readLogParams(new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeLogParams>[1]) =>
  writeLogParams(new URLSearchParams(query), patch).toString();

const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const ID = '5b6f3a52-2c1e-4d4b-9a53-3f1f9d1c0a01';

describe('URL -> view', () => {
  it('reads an empty URL as the defaults', () => {
    expect(read('')).toEqual({
      range: DEFAULT_RANGE,
      from: undefined,
      to: undefined,
      level: undefined,
      q: '',
      page: 1,
      pageSize: DEFAULT_EVENT_PAGE_SIZE,
    });
  });

  it('reads every parameter of a shared link', () => {
    expect(read('range=1h&level=error&q=%20boom%20&page=3&pageSize=20')).toEqual({
      range: '1h',
      from: undefined,
      to: undefined,
      level: 'error',
      q: 'boom',
      page: 3,
      pageSize: '20',
    });
  });

  it('reads from/to as a custom range, and ignores them with a quick range', () => {
    const custom = read('from=2025-03-01T00:00:00Z&to=2025-03-02T00:00:00.000Z');
    expect(custom).toMatchObject({
      range: 'custom',
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-02T00:00:00.000Z',
    });
    expect(read('range=15m&from=2025-03-01T00:00:00Z')).toMatchObject({ range: '15m', from: undefined });
  });

  it('falls back to the defaults for values it cannot read', () => {
    expect(read('range=forever&level=fatal&page=-2&pageSize=All&from=yesterday')).toEqual(read(''));
    expect(read('page=1.5').page).toBe(1);
  });
});

describe('view -> URL', () => {
  it('leaves defaults out and goes back to the first page on a filter change', () => {
    expect(write('page=4&pageSize=20', { level: 'warning' })).toBe('level=warning&pageSize=20');
    expect(write('level=warning', { level: undefined })).toBe('');
    expect(write('', { range: DEFAULT_RANGE, pageSize: DEFAULT_EVENT_PAGE_SIZE })).toBe('');
  });

  it('keeps the page when the page is what changes', () => {
    expect(write('q=boom', { page: 2 })).toBe('q=boom&page=2');
    expect(write('q=boom&page=2', { page: 1 })).toBe('q=boom');
  });

  it('writes its parameters in one order, whatever the order it read', () => {
    expect(write('pageSize=20&q=a&level=info&range=1h', { page: 2 })).toBe(
      'range=1h&level=info&q=a&page=2&pageSize=20',
    );
  });

  it('drops from/to when a quick range is chosen and keeps parameters it does not own', () => {
    expect(write('tab=x&range=custom&from=2025-03-01T00:00:00.000Z', { range: 'all' })).toBe(
      'tab=x&range=all',
    );
  });

  it('round-trips: what it writes reads back as the same view', () => {
    const view = {
      range: 'custom' as const,
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-02T00:00:00.000Z',
      level: 'info' as const,
      q: 'stream one',
      page: 2,
      pageSize: '100' as const,
    };
    expect(readLogParams(writeLogParams(new URLSearchParams(), view))).toEqual(view);
  });
});

describe('the GET /events query', () => {
  it('measures a quick range back from now and sends the filters', () => {
    expect(eventListParams({ kind: 'vod', resourceId: ID }, read('range=1h&level=error&q=x'), NOW)).toEqual({
      kind: 'vod',
      resourceId: ID,
      from: '2025-03-10T11:00:00.000Z',
      level: 'error',
      q: 'x',
      page: '1',
      pageSize: '50',
    });
  });

  it('sends no start for All time, and both ends of a custom range', () => {
    expect(eventListParams({ kind: 'streamer' }, read('range=all&page=2'), NOW)).toEqual({
      kind: 'streamer',
      page: '2',
      pageSize: '50',
    });
    expect(
      eventListParams({ kind: 'vod' }, read('from=2025-03-01T00:00:00Z&to=2025-03-02T00:00:00Z'), NOW),
    ).toMatchObject({ from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' });
  });

  it('asks the live tail for events after an id, with the filters but no pages and no end', () => {
    expect(eventTailParams({ kind: 'liveStream' }, read('range=15m&level=info&page=3'), '42', NOW)).toEqual({
      kind: 'liveStream',
      from: '2025-03-10T11:45:00.000Z',
      level: 'info',
      after: '42',
    });
  });

  it('flags a custom range that ends before it starts, and one that ends in the past', () => {
    const backwards = read('from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z');
    expect(invalidCustomRange(backwards)).toBe(true);
    expect(invalidCustomRange(read('from=2025-03-01T00:00:00Z'))).toBe(false);
    expect(endsInPast(backwards)).toBe(true);
    expect(endsInPast(read('from=2025-03-01T00:00:00Z'))).toBe(false);
    expect(endsInPast(read('range=1h'))).toBe(false);
  });

  it('converts between the datetime-local inputs (local time) and ISO', () => {
    const iso = fromLocalInput('2025-03-01T08:30');
    expect(iso).toBe(new Date(2025, 2, 1, 8, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2025-03-01T08:30');
    expect(fromLocalInput('')).toBeUndefined();
    expect(toLocalInput(undefined)).toBe('');
  });
});

describe('route -> kind', () => {
  it('maps the first segment to the kind of resource', () => {
    expect(logRouteOf('/streams-live/kibana')).toMatchObject({ kind: 'liveStream', backTo: '/streams-live' });
    expect(logRouteOf('/streams-ads/kibana')).toMatchObject({ kind: 'liveStream', backTo: '/streams-ads' });
    expect(logRouteOf('/streams-vod/kibana')?.kind).toBe('vod');
    expect(logRouteOf(`/streamer-addon/${ID}/kibana`, ID)).toMatchObject({
      kind: 'streamer',
      detail: ID,
      invalidDetail: false,
      backTo: `/streamer-addon/${ID}`,
    });
    expect(logRouteOf('/streams-vod/new/kibana', 'new')?.invalidDetail).toBe(true);
    expect(logRouteOf('/slates/kibana')).toBeNull();
  });
});
