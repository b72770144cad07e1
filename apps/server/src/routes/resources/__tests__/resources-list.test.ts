/**
 * GET {resource} for each of the eleven resources: pages and page sizes, sorting by every sort key
 * both ways (numbers as numbers), free-text search (case-insensitive; `%`, `_` and `\` literal),
 * every filter, and the 400s of a bad query. Each concern has its own fresh account, so the
 * expected rows are exactly known.
 */

import { randomUUID } from 'node:crypto';
import {
  listQuerySchema,
  PAGE_SIZE_VALUES,
  RESOURCE_KINDS,
  RESOURCES,
  type ResourceKind,
  SEARCH_MAX_LENGTH,
  toFieldIssues,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_TABLES } from '../../../repositories/resources.ts';
import { createAccount } from '../../../test/account-fixtures.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';
import {
  createVia,
  minimalPayload,
  type Payload,
  type Refs,
  type ResourceClient,
  resourceClient,
  withDefaults,
} from './resource-fixtures.ts';

type Row = Payload & { _id: string; createdAt: string; updatedAt: string };
const ids = (rows: { _id: unknown }[]) => rows.map((r) => r._id);
const MINUTE = 60_000;
const BASE = Date.parse('2026-03-01T08:00:00.000Z');

/** The same order the server promises: the key (text lower-cased, numbers as numbers), then the id. */
function sortRows(kind: ResourceKind, rows: Row[], key: string, order: 'asc' | 'desc'): Row[] {
  const numeric = RESOURCES[kind].list.numericSortKeys?.includes(key) ?? false;
  const value = (row: Row): number | string => {
    if (key === 'createdAt' || key === 'updatedAt') return Date.parse(row[key]);
    if (numeric) return Number(row[key]);
    return String(row[key]).toLowerCase();
  };
  const compare = (a: Row, b: Row) => {
    const [x, y] = [value(a), value(b)];
    if (x !== y) return x < y ? -1 : 1;
    return a._id < b._id ? -1 : 1;
  };
  const sorted = [...rows].sort(compare);
  return order === 'asc' ? sorted : sorted.reverse();
}

/**
 * Six rows per resource whose sort keys and filter fields differ (names not in letter-case order,
 * numbers whose text order is not their numeric order, every filter with at least two values).
 */
const NAMES = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'Foxtrot'];
function sortFixture(kind: ResourceKind, i: number, refs: Refs): Payload {
  const name = NAMES[i]!;
  const base = minimalPayload(kind, name, refs);
  const pick = <T>(values: readonly T[]) => values[i % values.length]!;
  switch (kind) {
    case 'liveStream': {
      const external = i % 3 === 1;
      const redundant = i % 2 === 0;
      return {
        ...base,
        status: pick(['active', 'inactive', 'inactive']),
        formatType: pick(['DASH', 'HLS']),
        ...(external ? { adDecision: 'external', bundles: [], vastUrl: 'https://ads.example/vast' } : {}),
        ...(redundant ? { inRedundancy: 'ENABLE', backupStreamUrl: 'https://backup.example/live/' } : {}),
      };
    }
    case 'vod':
      return {
        ...base,
        title: pick(['zulu', 'Yankee', 'xray', 'Whiskey', 'victor', 'Uniform']),
        duration: pick([9, 10, 100, 2.5, 600, 45]),
        genre: pick(['Sports', 'News', 'Kids']),
        rating: pick(['G', 'NC-17', 'PG-13', 'R', 'TV-MA']),
        status: pick(['active', 'inactive']),
      };
    case 'slate':
      return {
        ...base,
        duration: pick([9, 10, 100, 2.5, 15, 1]),
        sourceType: pick(['url', 'upload', 'url']),
        status: pick(['inactive', 'active']),
      };
    case 'streamer':
      return {
        ...base,
        ...(i % 2 === 1 ? { mode: 'schedule', startDate: '01-01-2026T00:00:00' } : {}),
        status: pick(['active', 'active', 'inactive']),
      };
    case 'encoder':
      return {
        ...base,
        input_type: pick(['SRT', 'NDI', 'HLS', 'RTMP']),
        resolution: pick(['1920x1080', '1280x720', '3840x2160', '640x360', '854x480']),
        status: pick(['active', 'inactive']),
        bandwidth: pick([9, 10, 100, 2500, 800, 64]),
      };
    case 'advertiser':
      return { ...base, status: pick(['active', 'inactive']) };
    case 'campaign':
      return {
        ...base,
        priority: pick(['sponsorship', 'standard', 'house']),
        pacing: pick(['even', 'asap']),
        status: pick(['active', 'inactive', 'inactive']),
        bookedImpressions: pick([9, 10, 100, 2500, 800, 64]),
        cpm: pick([9, 10, 100, 2.5, 15, 1]),
      };
    case 'creative':
      return {
        ...base,
        duration: pick([9, 10, 100, 2.5, 15, 1]),
        sourceType: pick(['url', 'upload', 'url']),
        status: pick(['inactive', 'active']),
      };
    case 'placement':
      // An ad never longer than its pod, each row.
      return {
        ...base,
        maxAdDuration: pick([9, 10, 100, 2, 15, 1]),
        maxPodDuration: pick([100, 10, 1000, 9, 90, 1]),
        status: pick(['active', 'inactive']),
      };
    case 'bundle':
      return { ...base, status: pick(['inactive', 'active']) };
    case 'pod':
      return {
        ...base,
        adpodLength: pick([9, 10, 100, 2, 15, 1]),
        maxTotalDuration: pick([9, 10, 100, 2500, 800, 64]),
        fillPolicy: pick(['best-fit', 'exact']),
        status: pick(['active', 'inactive', 'inactive']),
      };
  }
}

/** Rows for the search: literal `%`, `_` and `\`, letter case, and a token in every search field. */
function searchFixtures(kind: ResourceKind, refs: Refs): Payload[] {
  const names = [
    'Percent 100% live',
    'Percent 1000 live',
    'snake_case row',
    'snakeXcase row',
    'Back\\slash row',
  ];
  const rows = names.map((name) => minimalPayload(kind, name, refs));
  const tokens = minimalPayload(kind, 'Tokens row', refs);
  switch (kind) {
    case 'liveStream':
      return [...rows, { ...tokens, sourceStreamUrl: 'https://origin.example/tok-sourcestreamurl/' }];
    case 'vod':
      return [
        ...rows,
        {
          ...tokens,
          title: 'A tok-title',
          description: 'Has tok-description inside',
          sourceUrl: 'https://origin.example/tok-sourceurl/master.m3u8',
        },
      ];
    case 'slate':
      return [...rows, { ...tokens, videoUrl: 'https://cdn.example/tok-videourl.mp4' }];
    case 'streamer':
      return [...rows, tokens];
    case 'encoder':
      return [
        ...rows.map((r) => ({ ...r, profile: 'high', resolution: '1920x1080' })),
        {
          ...tokens,
          profile: 'baseline',
          resolution: '854x480',
        },
      ];
    case 'advertiser':
      return [...rows, { ...tokens, userNote: 'Has tok-usernote inside' }];
    case 'creative':
      return [
        ...rows,
        { ...tokens, videoUrl: 'https://cdn.example/tok-videourl.mp4', universalAdId: 'TOK-UAID-1' },
      ];
    case 'campaign':
    case 'placement':
    case 'bundle':
    case 'pod':
      return [...rows, tokens];
  }
}
/** The query that finds only the tokens row through each search field other than the name. */
const FIELD_TOKENS: Record<ResourceKind, Record<string, string>> = {
  liveStream: { sourceStreamUrl: 'TOK-SOURCESTREAMURL' },
  vod: { title: 'tok-title', description: 'tok-description', sourceUrl: 'tok-sourceurl' },
  slate: { videoUrl: 'tok-videourl' },
  streamer: {},
  encoder: { profile: 'Baseline', resolution: '854x480' },
  advertiser: { userNote: 'TOK-USERNOTE' },
  campaign: {},
  creative: { videoUrl: 'tok-videourl', universalAdId: 'tok-uaid' },
  placement: {},
  bundle: {},
  pod: {},
};

const PAGED_ROWS = 105;

describe('GET {resource}: lists', () => {
  let app: TestApp;
  /** Per kind: the paged account's client and its rows in the kind's default order. */
  let pager: ResourceClient;
  const pagedIds: Partial<Record<ResourceKind, string[]>> = {};
  let sorter: ResourceClient;
  const sorted: Partial<Record<ResourceKind, Row[]>> = {};
  let searcher: ResourceClient;
  const searched: Partial<Record<ResourceKind, Row[]>> = {};

  beforeAll(async () => {
    app = await testApp();

    // 105 rows of each kind, written in one statement each, with distinct creation and update times
    // (updatedAt in another order than createdAt).
    const paged = await createAccount(app);
    pager = resourceClient(app, paged.headers);
    let pagedVodId = '';
    // Written straight to the tables: a campaign's references are not checked, any ids will do.
    const unchecked = { advertiserId: randomUUID(), placementIds: [randomUUID()] };
    for (const kind of ['vod', ...RESOURCE_KINDS.filter((k) => k !== 'vod')] as ResourceKind[]) {
      const values = Array.from({ length: PAGED_ROWS }, (_, i) => ({
        customerId: paged.customer.id,
        data: withDefaults(
          kind,
          minimalPayload(kind, `Row ${String(i).padStart(3, '0')}`, { vodIds: [pagedVodId], ...unchecked }),
        ),
        createdAt: new Date(BASE + i * MINUTE),
        updatedAt: new Date(BASE + ((i * 37) % PAGED_ROWS) * MINUTE),
      }));
      const rows = await app.db.insert(RESOURCE_TABLES[kind]).values(values).returning();
      if (kind === 'vod') pagedVodId = rows[0]!.id;
      const listed = rows.map(
        (r): Row => ({
          ...r.data,
          _id: r.id,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        }),
      );
      const { defaultSort, defaultOrder } = RESOURCES[kind].list;
      pagedIds[kind] = ids(sortRows(kind, listed, defaultSort, defaultOrder)) as string[];
    }

    // Six rows of each kind through the API, then distinct timestamps set on them.
    // Enterprise: its streams use redundancy (a filter), which Standard may not switch on.
    const sorting = await createAccount(app, { customer: { paymentPlan: 'enterprise' } });
    sorter = resourceClient(app, sorting.headers);
    const sortVod = await createVia(sorter, 'vod', minimalPayload('vod', 'zz referenced vod'));
    const sortAdvertiser = await createVia(
      sorter,
      'advertiser',
      minimalPayload('advertiser', 'zz advertiser'),
    );
    const sortPlacement = await createVia(sorter, 'placement', minimalPayload('placement', 'zz placement'));
    const sortRefs: Refs = {
      vodIds: [sortVod._id],
      advertiserId: sortAdvertiser._id,
      placementIds: [sortPlacement._id],
    };
    // What the fixtures refer to is listed too, with its own timestamps.
    const referenced: Partial<Record<ResourceKind, Row>> = {
      vod: sortVod as Row,
      advertiser: sortAdvertiser as Row,
      placement: sortPlacement as Row,
    };
    for (const kind of RESOURCE_KINDS) {
      const rows: Row[] = [];
      for (const [i] of NAMES.entries()) {
        const row = (await createVia(sorter, kind, sortFixture(kind, i, sortRefs))) as Row;
        const createdAt = new Date(BASE + (i + 1) * MINUTE);
        const updatedAt = new Date(BASE + ((i * 5) % 7) * 3 * MINUTE + 30_000);
        const t = RESOURCE_TABLES[kind];
        await app.db.update(t).set({ createdAt, updatedAt }).where(eq(t.id, row._id));
        rows.push({ ...row, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() });
      }
      if (referenced[kind]) rows.push(referenced[kind]);
      sorted[kind] = rows;
    }

    const searching = await createAccount(app);
    searcher = resourceClient(app, searching.headers);
    const searchVod = await createVia(searcher, 'vod', minimalPayload('vod', 'Referenced asset'));
    const searchAdvertiser = await createVia(
      searcher,
      'advertiser',
      minimalPayload('advertiser', 'Referenced advertiser'),
    );
    const searchPlacement = await createVia(
      searcher,
      'placement',
      minimalPayload('placement', 'Referenced place'),
    );
    const searchRefs: Refs = {
      vodIds: [searchVod._id],
      advertiserId: searchAdvertiser._id,
      placementIds: [searchPlacement._id],
    };
    const searchReferenced: Partial<Record<ResourceKind, Row>> = {
      vod: searchVod as Row,
      advertiser: searchAdvertiser as Row,
      placement: searchPlacement as Row,
    };
    for (const kind of RESOURCE_KINDS) {
      const rows: Row[] = searchReferenced[kind] ? [searchReferenced[kind]] : [];
      for (const payload of searchFixtures(kind, searchRefs))
        rows.push((await createVia(searcher, kind, payload)) as Row);
      searched[kind] = rows;
    }
  });
  afterAll(() => app.close());

  describe.each(RESOURCE_KINDS)('%s', (kind) => {
    const { list } = RESOURCES[kind];
    const idsOfNames = (rows: Row[], names: string[]) =>
      names.map((name) => rows.find((r) => r.name === name)!._id).sort();

    it('answers the first 10 rows in the default order (most recently updated first, or by name) and the total', async () => {
      const res = await pager.list(kind);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(PAGED_ROWS);
      expect(ids(res.json().data)).toEqual(pagedIds[kind]!.slice(0, 10));
    });

    it.each(PAGE_SIZE_VALUES)('answers pages of %s rows', async (pageSize) => {
      const size = pageSize === 'All' ? PAGED_ROWS : Number(pageSize);
      const res = await pager.list(kind, { pageSize });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(PAGED_ROWS);
      expect(ids(res.json().data)).toEqual(pagedIds[kind]!.slice(0, size));
    });

    it('answers a partial last page and an empty page past the end, with the right total', async () => {
      for (const [pageSize, lastPage] of [
        ['10', 11],
        ['20', 6],
        ['50', 3],
        ['100', 2],
      ] as const) {
        const last = await pager.list(kind, { pageSize, page: lastPage });
        expect(last.json().total).toBe(PAGED_ROWS);
        expect(ids(last.json().data)).toEqual(pagedIds[kind]!.slice(100));
        const past = await pager.list(kind, { pageSize, page: lastPage + 1 });
        expect(past.statusCode).toBe(200);
        expect(past.json()).toEqual({ data: [], total: PAGED_ROWS });
      }
    });

    it('walks every row exactly once, page by page', async () => {
      const walked: unknown[] = [];
      for (let page = 1; page <= 6; page += 1)
        walked.push(...ids((await pager.list(kind, { pageSize: '20', page })).json().data));
      expect(walked).toEqual(pagedIds[kind]);
    });

    it.each(list.sortKeys.flatMap((key) => (['asc', 'desc'] as const).map((order) => ({ key, order }))))(
      'sorts by $key $order',
      async ({ key, order }) => {
        const res = await sorter.list(kind, { sort: key, order, pageSize: 'All' });
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(sorted[kind]!.length);
        expect(ids(res.json().data)).toEqual(ids(sortRows(kind, sorted[kind]!, key, order)));
      },
    );

    it('sorts with the shape’s default key and order when none is given', async () => {
      const res = await sorter.list(kind, { pageSize: 'All' });
      expect(ids(res.json().data)).toEqual(
        ids(sortRows(kind, sorted[kind]!, list.defaultSort, list.defaultOrder)),
      );
    });

    const numericKeys = list.numericSortKeys ?? [];
    if (numericKeys.length > 0)
      it.each(numericKeys)('sorts %s as numbers (9 before 10 before 100)', async (key) => {
        const values = (await sorter.list(kind, { sort: key, order: 'asc', pageSize: 'All' }))
          .json()
          .data.map((r: Payload) => r[key] as number);
        expect(values).toEqual([...values].sort((a, b) => a - b));
        // As text the order would differ: the fixture makes the two tell apart.
        expect(values.map(String)).not.toEqual(values.map(String).sort());
        expect(values.indexOf(9)).toBeLessThan(values.indexOf(10));
        expect(values.indexOf(10)).toBeLessThan(values.indexOf(100));
      });

    it('sorts names regardless of letter case', async () => {
      const names = (await sorter.list(kind, { sort: 'name', order: 'asc', pageSize: 'All' }))
        .json()
        .data.map((r: Payload) => r.name);
      expect(names.filter((n: string) => NAMES.includes(n))).toEqual(NAMES);
    });

    it.each(
      Object.entries(list.filters).flatMap(([name, values]) => values.map((value) => ({ name, value }))),
    )('filters $name=$value', async ({ name, value }) => {
      const res = await sorter.list(kind, { [name]: value, pageSize: 'All' });
      expect(res.statusCode).toBe(200);
      const expected = sorted[kind]!.filter((r) => r[name] === value)
        .map((r) => r._id)
        .sort();
      expect(ids(res.json().data).sort()).toEqual(expected);
      expect(res.json().total).toBe(expected.length);
    });

    it('has at least two values of every filter among its rows (so each filter test can fail)', () => {
      for (const name of Object.keys(list.filters)) {
        expect(new Set(sorted[kind]!.map((r) => r[name])).size, name).toBeGreaterThan(1);
      }
    });

    it('combines filters, sorting and pages; the total counts every match', async () => {
      const [name, values] = Object.entries(list.filters)[0]!;
      const matching = sortRows(kind, sorted[kind]!, 'name', 'asc').filter((r) => r[name] === values[0]);
      const res = await sorter.list(kind, { [name]: values[0], sort: 'name', order: 'asc', pageSize: '10' });
      expect(res.json().total).toBe(matching.length);
      expect(ids(res.json().data)).toEqual(ids(matching).slice(0, 10));
    });

    it.each([
      { q: 'percent', names: ['Percent 100% live', 'Percent 1000 live'] },
      { q: 'SNAKE', names: ['snake_case row', 'snakeXcase row'] },
      { q: '100%', names: ['Percent 100% live'] },
      { q: '%', names: ['Percent 100% live'] },
      { q: 'e_c', names: ['snake_case row'] },
      { q: '_', names: ['snake_case row'] },
      { q: '\\', names: ['Back\\slash row'] },
      { q: '  snake_CASE  ', names: ['snake_case row'] },
      { q: 'no such text', names: [] },
    ])('searches q=$q case-insensitively, with % _ \\ taken literally', async ({ q, names }) => {
      const res = await searcher.list(kind, { q, pageSize: 'All' });
      expect(res.statusCode).toBe(200);
      expect(ids(res.json().data).sort()).toEqual(idsOfNames(searched[kind]!, names));
      expect(res.json().total).toBe(names.length);
    });

    it('searches every search field, not only the name', async () => {
      for (const [field, q] of Object.entries(FIELD_TOKENS[kind])) {
        expect(list.searchFields, field).toContain(field);
        const res = await searcher.list(kind, { q });
        expect(ids(res.json().data), field).toEqual(idsOfNames(searched[kind]!, ['Tokens row']));
      }
      // Other fields are not searched: every row is 'active', yet nothing matches.
      expect(searched[kind]!.every((r) => r.status === 'active')).toBe(true);
      expect((await searcher.list(kind, { q: 'active' })).json()).toEqual({ data: [], total: 0 });
    });

    it('counts search matches across pages', async () => {
      // Row 000 to Row 099.
      const res = await pager.list(kind, { q: 'ROW 0', pageSize: '10', page: 2 });
      expect(res.json().total).toBe(100);
      expect(res.json().data).toHaveLength(10);
      for (const row of res.json().data) expect(row.name).toMatch(/^Row 0\d\d$/);
    });

    it('refuses an unknown parameter (400)', async () => {
      for (const params of [{ foo: '1' }, { stauts: 'active' }, { pagesize: '20' }] as Record<
        string,
        string
      >[]) {
        const res = await sorter.list(kind, params);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(Object.keys(params)[0]);
      }
    });

    it.each([
      { pageSize: '15' },
      { pageSize: 'all' },
      { sort: 'colour' },
      { sort: 'customerId' },
      { order: 'sideways' },
      { page: '0' },
      { page: 'last' },
      { q: 'x'.repeat(SEARCH_MAX_LENGTH + 1) },
      { customerId: 'demo' },
      ...Object.keys(list.filters).map((name) => ({ [name]: 'bogus' })),
    ])('refuses %o with 400 naming the field and the core’s message', async (params) => {
      const parsed = listQuerySchema(list).safeParse(params);
      expect(parsed.success).toBe(false);
      const res = await sorter.list(kind, params);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(toFieldIssues(parsed.error!));
      expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(Object.keys(params));
    });
  });
});
