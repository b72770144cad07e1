/**
 * GET /events, the log viewer: what the resource calls log (created, updated with each change,
 * deleted; who did it, the administrator too during login-as; secrets hidden), its filters, pages,
 * the capped total, the live tail, who sees which events, the ENCODER flag and bad queries.
 */
import {
  EVENT_LEVELS,
  EVENT_TAIL_LIMIT,
  EVENT_TOTAL_CAP,
  eventListQuerySchema,
  eventListResponseSchema,
  RESOURCE_KINDS,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceEvent,
  type ResourceKind,
  SHORT_SEARCH_WINDOW,
  toFieldIssues,
} from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceEvents } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { listEvents } from '../../../repositories/resource-events.ts';
import { recordEvent } from '../../../repositories/resources.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import {
  countEvents,
  createVia,
  minimalPayload,
  resourceClient,
  samplePayload,
} from './resource-fixtures.ts';

type Query = Record<string, string | number>;
const HOUR = 3_600_000;
const T0 = Date.parse('2026-02-01T10:00:00.000Z');
const RESOURCE_A = '11111111-1111-4111-8111-111111111111';
const RESOURCE_B = '22222222-2222-4222-8222-222222222222';
const HIDDEN = '(hidden)';

const byField = (changes: { field: string }[]) => [...changes].sort((a, b) => (a.field < b.field ? -1 : 1));

describe('GET /events', () => {
  let app: TestApp;
  let encoderOff: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let other: TestAccount;
  /** An account with hand-made events at known times, levels and texts (filters and pages). */
  let logged: TestAccount;
  const loggedEvents: {
    kind: ResourceKind;
    at: number;
    level: string;
    resourceId: string | null;
    message: string;
    resourceName: string;
    actor: string;
  }[] = [];
  /** An account with more than EVENT_TOTAL_CAP encoder events. */
  let bulk: TestAccount;
  const BULK_ROWS = EVENT_TOTAL_CAP + 50;

  beforeAll(async () => {
    app = await testApp();
    encoderOff = await testApp({ env: { ENCODER: '0' }, database: app.database });
    admin = await loginAs(app, 'admin');
    demo = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    other = await createAccount(app);

    logged = await createAccount(app);
    // 25 slate events an hour apart, then 2 VOD events.
    for (let i = 0; i < 25; i += 1) {
      loggedEvents.push({
        kind: 'slate',
        at: T0 + i * HOUR,
        level: EVENT_LEVELS[i % EVENT_LEVELS.length]!,
        resourceId: i % 5 === 0 ? RESOURCE_A : i % 5 === 1 ? RESOURCE_B : null,
        // Row 8 is what `_` and `%` would match as wildcards.
        resourceName: i === 7 ? 'Half_time 100% slate' : i === 8 ? 'HalfXtime 1000 slate' : `Slate ${i}`,
        message: i === 3 ? 'Slate updated: duration' : `Slate event ${i}`,
        actor: i === 11 ? 'operator@acme.example' : 'owner@acme.example',
      });
    }
    for (let i = 0; i < 2; i += 1) {
      loggedEvents.push({
        kind: 'vod',
        at: T0 + i * HOUR,
        level: 'info',
        resourceId: RESOURCE_A,
        resourceName: `VOD ${i}`,
        message: 'VOD asset created',
        actor: 'owner@acme.example',
      });
    }
    for (const event of loggedEvents) {
      await recordEvent(app.db, {
        customerId: logged.customer.id,
        kind: event.kind,
        resourceId: event.resourceId,
        resourceName: event.resourceName,
        action: 'updated',
        level: event.level as (typeof EVENT_LEVELS)[number],
        message: event.message,
        actor: event.actor,
        actingAdmin: null,
        at: new Date(event.at),
      });
    }

    // Many events in one statement: the first EVENT_TOTAL_CAP are warnings, the rest information.
    bulk = await createAccount(app);
    await app.db.execute(sql`
      insert into resource_events (customer_id, kind, resource_name, action, level, message, actor, at)
      select ${bulk.customer.id}::uuid, 'encoder', 'Bulk ' || g, 'updated',
             case when g <= ${EVENT_TOTAL_CAP} then 'warning' else 'info' end,
             'Bulk event ' || g, 'bulk@acme.example',
             timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
      from generate_series(1, ${BULK_ROWS}) as g`);
  });
  afterAll(async () => {
    await encoderOff?.close();
    await app?.close();
  });

  const events = (query: Query, headers: Record<string, string>, target: TestApp = app, base = '/api') => {
    const text = new URLSearchParams(
      Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    ).toString();
    return target.inject({ url: `${base}/events?${text}`, headers });
  };
  const page = async (query: Query, headers: Record<string, string>) => {
    const res = await events(query, headers);
    expect(res.statusCode, res.body).toBe(200);
    return eventListResponseSchema.parse(res.json());
  };
  const expectedLogged = (
    filter: (e: (typeof loggedEvents)[number]) => boolean,
    kind: ResourceKind = 'slate',
  ) =>
    loggedEvents
      .filter((e) => e.kind === kind && filter(e))
      .sort((a, b) => b.at - a.at)
      .map((e) => new Date(e.at).toISOString());

  describe('what the resource calls log', () => {
    it('logs a create, each changed field of an update (secrets hidden) and a delete, newest first', async () => {
      const api = resourceClient(app, demo.headers);
      const label = RESOURCES.liveStream.label;
      const payload = samplePayload('liveStream', 'Logged stream');
      const created = await createVia(api, 'liveStream', payload);
      const updated = await api.update('liveStream', created._id, {
        akamaiToken: 'ffff0000',
        breakinterval: 30,
        name: 'Logged stream 2',
        version: 1,
      });
      expect(updated.statusCode).toBe(200);
      expect((await api.remove('liveStream', created._id)).statusCode).toBe(200);

      const list = await page({ kind: 'liveStream', resourceId: created._id }, demo.headers);
      expect(list.total).toBe(3);
      expect(list.capped).toBe(false);
      const [deleted, update, create] = list.data as [ResourceEvent, ResourceEvent, ResourceEvent];
      expect(list.data.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
      expect(Number(deleted._id)).toBeGreaterThan(Number(update._id));
      expect(Number(update._id)).toBeGreaterThan(Number(create._id));
      const common = {
        kind: 'liveStream',
        resourceId: created._id,
        customerId: demoId,
        actor: DEMO_ACCOUNTS.customer.email,
        actingAdmin: null,
      };
      expect(create).toMatchObject({
        ...common,
        resourceName: 'Logged stream',
        level: 'info',
        message: RESOURCE_TEXTS.created(label),
      });
      expect(create.changes).toContainEqual({ field: 'name', from: null, to: 'Logged stream' });
      expect(create.changes).toContainEqual({ field: 'akamaiToken', from: HIDDEN, to: HIDDEN });
      expect(create.changes).toContainEqual({ field: 'breakinterval', from: null, to: 15 });
      expect(update).toMatchObject({ ...common, resourceName: 'Logged stream 2', level: 'info' });
      expect(byField(update.changes)).toEqual([
        { field: 'akamaiToken', from: HIDDEN, to: HIDDEN },
        { field: 'breakinterval', from: 15, to: 30 },
        { field: 'name', from: 'Logged stream', to: 'Logged stream 2' },
      ]);
      expect(deleted).toMatchObject({
        ...common,
        resourceName: 'Logged stream 2',
        level: 'warning',
        message: RESOURCE_TEXTS.deleted(label),
        changes: [],
      });
      // Neither token is anywhere in the log.
      expect(JSON.stringify(list)).not.toContain(String(payload.akamaiToken));
      expect(JSON.stringify(list)).not.toContain('ffff0000');
      for (const event of list.data) expect(Date.parse(event.at)).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('logs an edit that changes nothing with no changes', async () => {
      const api = resourceClient(app, demo.headers);
      const slate = await createVia(api, 'slate', minimalPayload('slate', 'Unchanged slate'));
      expect((await api.update('slate', slate._id, { version: 1 })).statusCode).toBe(200);
      const [latest] = (await page({ kind: 'slate', resourceId: slate._id }, demo.headers)).data;
      expect(latest).toMatchObject({ action: 'updated', changes: [] });
    });

    it('names the administrator beside the user during login-as', async () => {
      const api = resourceClient(app, { ...admin.headers, 'login-as': demo.userId });
      const vod = await createVia(api, 'vod', minimalPayload('vod', 'Logged as demo'));
      expect((await api.update('vod', vod._id, { duration: 700, version: 1 })).statusCode).toBe(200);
      const list = await page({ kind: 'vod', resourceId: vod._id }, demo.headers);
      expect(list.data).toHaveLength(2);
      for (const event of list.data) {
        expect(event).toMatchObject({
          actor: DEMO_ACCOUNTS.customer.email,
          actingAdmin: DEMO_ACCOUNTS.admin.email,
        });
      }
      expect(list.data[0]!.changes).toEqual([{ field: 'duration', from: 600, to: 700 }]);
    });

    it('logs nothing for a refused call', async () => {
      const api = resourceClient(app, demo.headers);
      const before = await countEvents(app);
      expect((await api.create('slate', { name: '' })).statusCode).toBe(400);
      const slate = await createVia(api, 'slate', minimalPayload('slate', 'Refusals'));
      expect((await api.update('slate', slate._id, { name: 'x', version: 9 })).statusCode).toBe(409);
      expect(await countEvents(app)).toBe(before + 1);
    });

    it('keeps the seeded demo resources’ creation events', async () => {
      for (const kind of RESOURCE_KINDS) {
        const list = await page({ kind, pageSize: 100 }, demo.headers);
        const seeded = list.data.filter(
          (e) => e.action === 'created' && e.actor === DEMO_ACCOUNTS.customer.email,
        );
        expect(seeded.length, kind).toBeGreaterThan(0);
      }
    });
  });

  describe('filters and pages', () => {
    it('lists one kind only, newest first, 50 to a page by default', async () => {
      const slates = await page({ kind: 'slate' }, logged.headers);
      expect(slates.total).toBe(25);
      expect(slates.data.map((e) => e.at)).toEqual(expectedLogged(() => true));
      expect(new Set(slates.data.map((e) => e.kind))).toEqual(new Set(['slate']));
      const vods = await page({ kind: 'vod' }, logged.headers);
      expect(vods.data.map((e) => e.at)).toEqual(expectedLogged(() => true, 'vod'));
      expect((await page({ kind: 'streamer' }, logged.headers)).total).toBe(0);
    });

    it('filters by resource', async () => {
      const list = await page({ kind: 'slate', resourceId: RESOURCE_A }, logged.headers);
      expect(list.data.map((e) => e.at)).toEqual(expectedLogged((e) => e.resourceId === RESOURCE_A));
      expect(list.total).toBe(5);
    });

    it('filters by time, both ends included, in any time zone notation', async () => {
      const from = new Date(T0 + 20 * HOUR).toISOString();
      const to = new Date(T0 + 2 * HOUR).toISOString();
      expect((await page({ kind: 'slate', from }, logged.headers)).data.map((e) => e.at)).toEqual(
        expectedLogged((e) => e.at >= T0 + 20 * HOUR),
      );
      expect((await page({ kind: 'slate', to }, logged.headers)).data.map((e) => e.at)).toEqual(
        expectedLogged((e) => e.at <= T0 + 2 * HOUR),
      );
      // 12:00+02:00 is 10:00Z, T0 + 3 h is 13:00Z = 15:00+02:00.
      const range = await page(
        { kind: 'slate', from: '2026-02-01T12:00:00+02:00', to: '2026-02-01T15:00:00+02:00' },
        logged.headers,
      );
      expect(range.data.map((e) => e.at)).toEqual(expectedLogged((e) => e.at >= T0 && e.at <= T0 + 3 * HOUR));
      expect(range.total).toBe(4);
    });

    it.each(EVENT_LEVELS)('filters by level %s', async (level) => {
      const list = await page({ kind: 'slate', level }, logged.headers);
      const expected = expectedLogged((e) => e.level === level);
      expect(expected.length).toBeGreaterThan(0);
      expect(list.data.map((e) => e.at)).toEqual(expected);
      for (const event of list.data) expect(event.level).toBe(level);
    });

    it.each([
      {
        q: 'UPDATED: DURATION',
        match: (e: (typeof loggedEvents)[number]) => e.message === 'Slate updated: duration',
      },
      { q: 'half_time', match: (e: (typeof loggedEvents)[number]) => e.resourceName.startsWith('Half_time') },
      { q: '100%', match: (e: (typeof loggedEvents)[number]) => e.resourceName.startsWith('Half_time') },
      { q: 'f_t', match: (e: (typeof loggedEvents)[number]) => e.resourceName.startsWith('Half_time') },
      { q: 'operator@', match: (e: (typeof loggedEvents)[number]) => e.actor.startsWith('operator') },
      { q: 'event 1', match: (e: (typeof loggedEvents)[number]) => e.message.startsWith('Slate event 1') },
    ])(
      'searches q=$q in the message, the resource name and the actor (case-insensitive, literal)',
      async ({ q, match }) => {
        const list = await page({ kind: 'slate', q }, logged.headers);
        const expected = expectedLogged(match);
        expect(expected.length).toBeGreaterThan(0);
        expect(list.data.map((e) => e.at)).toEqual(expected);
        expect(list.total).toBe(expected.length);
      },
    );

    it('combines filters', async () => {
      const list = await page(
        { kind: 'slate', level: 'info', from: new Date(T0 + 5 * HOUR).toISOString(), q: 'slate' },
        logged.headers,
      );
      expect(list.data.map((e) => e.at)).toEqual(
        expectedLogged((e) => e.level === 'info' && e.at >= T0 + 5 * HOUR),
      );
    });

    it('pages: every page size, a partial last page, an empty page past the end, the total on each', async () => {
      const all = expectedLogged(() => true);
      for (const pageSize of [10, 20, 50, 100]) {
        const first = await page({ kind: 'slate', pageSize }, logged.headers);
        expect(first.data.map((e) => e.at)).toEqual(all.slice(0, pageSize));
        expect(first.total).toBe(25);
      }
      const walked: string[] = [];
      for (let n = 1; n <= 3; n += 1)
        walked.push(
          ...(await page({ kind: 'slate', pageSize: 10, page: n }, logged.headers)).data.map((e) => e.at),
        );
      expect(walked).toEqual(all);
      const past = await page({ kind: 'slate', pageSize: 10, page: 4 }, logged.headers);
      expect(past).toEqual({ data: [], total: 25, capped: false });
    });

    it(`counts at most ${EVENT_TOTAL_CAP} and says so (capped)`, async () => {
      const list = await page({ kind: 'encoder' }, bulk.headers);
      expect(list).toMatchObject({ total: EVENT_TOTAL_CAP, capped: true });
      expect(list.data).toHaveLength(50);
      expect(list.data[0]).toMatchObject({ resourceName: `Bulk ${BULK_ROWS}`, level: 'info' });
      // Pages beyond the cap still answer.
      const deep = await page(
        { kind: 'encoder', pageSize: 100, page: EVENT_TOTAL_CAP / 100 + 1 },
        bulk.headers,
      );
      expect(deep.data.map((e) => e.resourceName)).toEqual(
        Array.from({ length: 50 }, (_, i) => `Bulk ${BULK_ROWS - EVENT_TOTAL_CAP - i}`),
      );
      // Exactly the cap is not capped; fewer are counted exactly.
      expect(await page({ kind: 'encoder', level: 'warning', pageSize: 10 }, bulk.headers)).toMatchObject({
        total: EVENT_TOTAL_CAP,
        capped: false,
      });
      expect(await page({ kind: 'encoder', level: 'info', pageSize: 10 }, bulk.headers)).toMatchObject({
        total: 50,
        capped: false,
      });
      // A search counts what it matches ('Bulk event 1000', and 'Bulk event 10000'... when there are that many).
      const matching = Array.from({ length: BULK_ROWS }, (_, i) => `bulk event ${i + 1}`).filter((m) =>
        m.includes('bulk event 1000'),
      ).length;
      expect(matching).toBeGreaterThan(0);
      expect(await page({ kind: 'encoder', q: 'bulk event 1000' }, bulk.headers)).toMatchObject({
        total: matching,
        capped: false,
      });
    });
    describe('a search without three letters or digits in a row (no trigram to look up)', () => {
      // The bulk account's encoder events: 'Bulk event g' for g = 1..BULK_ROWS, g seconds apart.
      const bulkQuery = (extra: Query) => eventListQuerySchema.parse({ kind: 'encoder', ...extra });
      const matching = (q: string, from = 1) =>
        Array.from({ length: BULK_ROWS - from + 1 }, (_, i) => `Bulk event ${from + i}`).filter((m) =>
          m.toLowerCase().includes(q),
        );

      it('reads only the newest events of the filters’ selection, and says how many', async () => {
        const window = 100;
        // 't 1' is in 'Bulk event 1', 'Bulk event 1x', 'Bulk event 1xx' and 'Bulk event 1xxx'.
        const all = matching('t 1');
        const recent = matching('t 1', BULK_ROWS - window + 1);
        expect(recent.length).toBeGreaterThan(0);
        expect(recent.length).toBeLessThan(all.length);
        const short = await listEvents(
          app.db,
          bulkQuery({ q: 't 1', pageSize: '100' }),
          bulk.customer.id,
          window,
        );
        expect(short.searchedNewest).toBe(window);
        expect(short.total).toBe(recent.length);
        expect(short.rows.map((r) => r.message)).toEqual(recent.reverse());
        // The same search over every event (a window wider than the selection): all of them.
        const whole = await listEvents(app.db, bulkQuery({ q: 't 1' }), bulk.customer.id, BULK_ROWS);
        expect(whole.searchedNewest).toBeUndefined();
        expect(whole.total).toBe(all.length);
        // A match older than the window is not found, and the answer says where it looked.
        expect(matching('t 5', BULK_ROWS - window + 1)).toEqual([]);
        expect(await listEvents(app.db, bulkQuery({ q: 't 5' }), bulk.customer.id, window)).toEqual({
          rows: [],
          total: 0,
          capped: false,
          searchedNewest: window,
        });
      });

      it('reads the window after the other filters: exactly as many events as the window are all of them', async () => {
        // level=info selects the newest 50 bulk events.
        const info = bulkQuery({ q: 't 1', level: 'info' });
        const expected = matching('t 1', EVENT_TOTAL_CAP + 1);
        expect((await listEvents(app.db, info, bulk.customer.id, 50)).searchedNewest).toBeUndefined();
        const narrower = await listEvents(app.db, info, bulk.customer.id, 49);
        expect(narrower.searchedNewest).toBe(49);
        expect(narrower.total).toBe(expected.length - 1);
        const whole = await listEvents(app.db, info, bulk.customer.id, 50);
        expect(whole.total).toBe(expected.length);
      });

      it(`answers with the route's window (${SHORT_SEARCH_WINDOW.toLocaleString('en')}), and never for a search with three`, async () => {
        // Fewer bulk events than the window: every one is read, nothing is said.
        expect(BULK_ROWS).toBeLessThan(SHORT_SEARCH_WINDOW);
        const short = await page({ kind: 'encoder', q: 't 5' }, bulk.headers);
        expect(short.searchedNewest).toBeUndefined();
        expect(short.total).toBe(matching('t 5').length);
        const res = await events({ kind: 'encoder', q: 'event 5' }, bulk.headers);
        expect(res.json()).not.toHaveProperty('searchedNewest');
        expect(res.json().total).toBe(matching('event 5').length);
      });
    });
  });

  describe('live tail', () => {
    it('answers the events after a seen one, oldest first', async () => {
      const api = resourceClient(app, demo.headers);
      const [newest] = (await page({ kind: 'slate', pageSize: 10 }, demo.headers)).data;
      const slate = await createVia(api, 'slate', minimalPayload('slate', 'Tailed slate'));
      expect((await api.update('slate', slate._id, { duration: 20, version: 1 })).statusCode).toBe(200);
      expect((await api.remove('slate', slate._id)).statusCode).toBe(200);
      // Another customer's event in between is not shown.
      await createVia(resourceClient(app, other.headers), 'slate', minimalPayload('slate', 'Not tailed'));

      const tail = await page({ kind: 'slate', after: newest!._id }, demo.headers);
      expect(tail.data.map((e) => [e.action, e.resourceName])).toEqual([
        ['created', 'Tailed slate'],
        ['updated', 'Tailed slate'],
        ['deleted', 'Tailed slate'],
      ]);
      expect(tail).toMatchObject({ total: 3, capped: false });
      const ids = tail.data.map((e) => Number(e._id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids[0]).toBeGreaterThan(Number(newest!._id));
      // Nothing new after the last one.
      expect(await page({ kind: 'slate', after: tail.data.at(-1)!._id }, demo.headers)).toEqual({
        data: [],
        total: 0,
        capped: false,
      });
      // The tail keeps the other filters.
      const warnings = await page({ kind: 'slate', after: newest!._id, level: 'warning' }, demo.headers);
      expect(warnings.data.map((e) => e.action)).toEqual(['deleted']);
    });

    it(`answers at most ${EVENT_TAIL_LIMIT} events at a time`, async () => {
      const cursor = (await page({ kind: 'encoder', pageSize: 10 }, bulk.headers)).data.at(-1)!;
      const first = await page({ kind: 'encoder', after: 0 }, bulk.headers);
      expect(first.data).toHaveLength(EVENT_TAIL_LIMIT);
      expect(first.data.map((e) => e.resourceName)).toEqual(
        Array.from({ length: EVENT_TAIL_LIMIT }, (_, i) => `Bulk ${i + 1}`),
      );
      const next = await page({ kind: 'encoder', after: first.data.at(-1)!._id }, bulk.headers);
      expect(next.data[0]!.resourceName).toBe(`Bulk ${EVENT_TAIL_LIMIT + 1}`);
      expect(next.data).toHaveLength(EVENT_TAIL_LIMIT);
      // Near the end, only what is left.
      const end = await page({ kind: 'encoder', after: cursor._id }, bulk.headers);
      expect(end.data.map((e) => e.resourceName)).toEqual(
        Array.from({ length: 9 }, (_, i) => `Bulk ${BULK_ROWS - 8 + i}`),
      );
    });
  });

  describe('who sees which events', () => {
    it('never shows another account’s events to a customer user, even when it names them', async () => {
      const demoEvents = await page({ kind: 'liveStream', pageSize: 100 }, demo.headers);
      expect(demoEvents.total).toBeGreaterThan(0);
      const resourceId = demoEvents.data[0]!.resourceId!;
      for (const query of [
        { kind: 'liveStream' },
        { kind: 'liveStream', resourceId },
        { kind: 'liveStream', customerId: demoId },
        { kind: 'liveStream', after: 0 },
      ] as Query[]) {
        const list = await page(query, other.headers);
        for (const event of list.data) expect(event.customerId).toBe(other.customer.id);
        expect(list.data.filter((e) => e.customerId === demoId)).toEqual([]);
      }
      for (const event of demoEvents.data) expect(event.customerId).toBe(demoId);
    });

    it('shows a main administrator every account’s events, or one account’s with customerId', async () => {
      await createVia(
        resourceClient(app, other.headers),
        'liveStream',
        minimalPayload('liveStream', 'Other stream'),
      );
      const all = await page({ kind: 'liveStream', pageSize: 100 }, admin.headers);
      const customers = new Set(all.data.map((e) => e.customerId));
      expect(customers).toContain(demoId);
      expect(customers).toContain(other.customer.id);
      const [counted] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(resourceEvents)
        .where(sql`${resourceEvents.kind} = 'liveStream'`);
      expect(all.total).toBe(counted!.n);
      const one = await page(
        { kind: 'liveStream', pageSize: 100, customerId: other.customer.id },
        admin.headers,
      );
      expect(one.total).toBeGreaterThan(0);
      for (const event of one.data) expect(event.customerId).toBe(other.customer.id);
      expect(
        await page({ kind: 'encoder', customerId: bulk.customer.id, pageSize: 10 }, admin.headers),
      ).toMatchObject({
        total: EVENT_TOTAL_CAP,
        capped: true,
      });
    });

    it('during login-as, shows only the target account’s events', async () => {
      const list = await page(
        { kind: 'liveStream', pageSize: 100, customerId: other.customer.id },
        {
          ...admin.headers,
          'login-as': demo.userId,
        },
      );
      expect(list.total).toBeGreaterThan(0);
      for (const event of list.data) expect(event.customerId).toBe(demoId);
    });

    it('answers under /api_v1 too, and 401 without a token', async () => {
      const v1 = await events({ kind: 'slate' }, logged.headers, app, '/api_v1');
      expect(v1.statusCode).toBe(200);
      expect(v1.json().total).toBe(25);
      expect((await events({ kind: 'slate' }, {})).statusCode).toBe(401);
    });

    it('hides encoder events when ENCODER=0 (403), not the others', async () => {
      for (const headers of [demo.headers, admin.headers, bulk.headers]) {
        expect((await events({ kind: 'encoder' }, headers, encoderOff)).statusCode).toBe(403);
        expect((await events({ kind: 'encoder', after: 0 }, headers, encoderOff)).statusCode).toBe(403);
        expect((await events({ kind: 'slate' }, headers, encoderOff)).statusCode).toBe(200);
      }
      expect((await events({ kind: 'encoder' }, bulk.headers)).statusCode).toBe(200);
    });
  });

  describe('bad queries', () => {
    it.each<Query>([
      {},
      { kind: 'channel' },
      { kind: 'slate', pageSize: 'All' },
      { kind: 'slate', pageSize: 25 },
      { kind: 'slate', page: 0 },
      { kind: 'slate', level: 'fatal' },
      { kind: 'slate', from: 'yesterday' },
      { kind: 'slate', to: '2026-02-01' },
      { kind: 'slate', after: 'abc' },
      { kind: 'slate', resourceId: 'abc' },
      { kind: 'slate', customerId: 'demo' },
    ])('refuses %o with 400 naming the field and the core’s message', async (query) => {
      const parsed = eventListQuerySchema.safeParse(
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      );
      expect(parsed.success).toBe(false);
      const res = await events(query, demo.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(toFieldIssues(parsed.error!));
    });

    it('refuses an unknown parameter', async () => {
      const res = await events({ kind: 'slate', sort: 'at' }, demo.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('sort');
    });
  });
});
