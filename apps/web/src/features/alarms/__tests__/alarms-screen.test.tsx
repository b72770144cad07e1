import { type Alarm, type AlarmRule, VALIDATION_MESSAGES } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { ALARMS_TEXTS as T } from '../texts.ts';

const DEMO = '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11';
const STREAM = '5b6f3a52-2c1e-4d4b-9a53-3f1f9d1c0a01';
const RULE = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const alarm = (id: number, overrides: Partial<Alarm> = {}): Alarm => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  severity: 'CRITICAL',
  type: 'origin-unreachable',
  name: `Alarm ${id}`,
  message: `Message ${id}`,
  time_on: new Date(Date.UTC(2026, 2, 2, 12, id)).toISOString(),
  uuid: `u${id}`,
  module_object_id: STREAM,
  customerId: DEMO,
  rule_id: null,
  cleared_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  ...overrides,
});

const rule: AlarmRule = {
  _id: RULE,
  customerId: DEMO,
  customerName: 'Demo Broadcasting',
  resourceId: null,
  resourceName: null,
  metric: 'fill-rate',
  threshold: 50,
  windowMinutes: 15,
  severity: 'WARNING',
  enabled: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: 'admin@cuepoint.example',
};

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Stubs fetch by "METHOD path" (below /api/); each handler sees the query and the body; records every call. */
function stub(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init.method ?? 'GET',
        path: url.pathname.replace(/^\/api\//, ''),
        query: url.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : jsonResponse(404, { statusCode: 404, message: call.path });
    }),
  );
  return calls;
}

const common = {
  'GET alarm/customers': () =>
    jsonResponse(200, [
      { _id: DEMO, name: 'Demo Broadcasting' },
      { _id: '9b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c99', name: 'Other Media' },
    ]),
};

const ROUTES: RouteObject[] = [{ path: '/alarms', lazy: () => import('../routes/alarms.tsx') }];

afterEach(() => vi.unstubAllGlobals());

describe('the alarms screen', () => {
  it('lists alarms in the spec’s colours with their state, and acknowledges an open one', async () => {
    let acknowledged = false;
    const calls = stub({
      ...common,
      'GET alarm/alarms': () =>
        jsonResponse(200, [
          alarm(
            3,
            acknowledged
              ? { acknowledged_at: '2026-03-02T12:05:00.000Z', acknowledged_by: 'ada@x.example' }
              : {},
          ),
          alarm(2, { severity: 'WARNING', cleared_at: '2026-03-02T12:04:00.000Z' }),
          alarm(1, { severity: 'NOTICE', customerId: null }),
        ]),
      'POST alarm/alarms/00000000-0000-4000-8000-000000000003/acknowledge': () => {
        acknowledged = true;
        return jsonResponse(200, alarm(3));
      },
    });
    renderRoutes(ROUTES, '/alarms');
    const table = await screen.findByRole('table', { name: T.caption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['open', 'cleared', 'open']);
    expect(within(rows[0]!).getByText('CRITICAL').closest('[data-colour]')).toHaveAttribute(
      'data-colour',
      'red',
    );
    expect(within(rows[1]!).getByText('WARNING').closest('[data-colour]')).toHaveAttribute(
      'data-colour',
      'yellow',
    );
    expect(within(rows[2]!).getByText('NOTICE').closest('[data-colour]')).toHaveAttribute(
      'data-colour',
      'blue',
    );
    expect(within(rows[1]!).getByText('Cleared')).toBeInTheDocument();
    expect(await within(rows[0]!).findByText('Demo Broadcasting')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(T.platform)).toBeInTheDocument();
    // Acknowledge only where open.
    expect(within(rows[1]!).queryByRole('button', { name: /Acknowledge/ })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: T.acknowledgeNamed('Alarm 3') }));
    // Who, then when (each left to right in any direction).
    const by = (_: string, el: Element | null) =>
      el?.tagName === 'P' && /^by ada@x\.example, 2026-03-02/.test(el.textContent ?? '');
    expect(await screen.findByText(by)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      'alarm/alarms/00000000-0000-4000-8000-000000000003/acknowledge',
    ]);
    const first = within(screen.getByRole('table', { name: T.caption })).getAllByRole('row')[1]!;
    expect(first).toHaveAttribute('data-state', 'acknowledged');
    expect(within(first).queryByRole('button', { name: /Acknowledge/ })).toBeNull();
  });

  it('filters by search, severity, state and customer, in the URL and the request; says when nothing matches', async () => {
    const calls = stub({
      ...common,
      'GET alarm/alarms': ({ query }) => jsonResponse(200, query.size > 1 ? [] : [alarm(1)]),
    });
    const { router } = renderRoutes(ROUTES, '/alarms');
    await screen.findByRole('table', { name: T.caption });
    await userEvent.type(screen.getByRole('searchbox', { name: T.search }), 'news');
    await waitFor(() => expect(router.state.location.search).toBe('?q=news'));
    expect(await screen.findByText(T.noMatch)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.filters }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'CRITICAL' }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'WARNING' }));
    await userEvent.click(within(drawer).getByRole('radio', { name: 'Open' }));
    await userEvent.click(within(drawer).getByRole('combobox', { name: T.customer }));
    await userEvent.click(await within(drawer).findByRole('option', { name: 'Demo Broadcasting' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === 'alarm/alarms').at(-1)!.query;
      expect(Object.fromEntries(last)).toEqual({
        limit: '500',
        q: 'news',
        severity: 'CRITICAL,WARNING',
        state: 'open',
        customerId: DEMO,
      });
    });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the empty state, and a failure with Try again', async () => {
    let fail = true;
    stub({
      ...common,
      'GET alarm/alarms': () =>
        fail ? jsonResponse(500, { statusCode: 500, message: 'Database down' }) : jsonResponse(200, []),
    });
    renderRoutes(ROUTES, '/alarms');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});

describe('the rules tab', () => {
  const rulesStub = (extra: Record<string, (call: Call) => Response> = {}) => {
    let rules = [rule];
    const calls = stub({
      ...common,
      'GET alarm/rules': () => jsonResponse(200, rules),
      'GET ssai/ds': () => jsonResponse(200, { data: [{ _id: STREAM, name: 'News 24' }], total: 1 }),
      'GET ssai/vod': () => jsonResponse(200, { data: [], total: 0 }),
      'POST alarm/rules': ({ body }) => {
        const created = { ...rule, ...(body as object), _id: 'new', resourceName: 'News 24' } as AlarmRule;
        rules = [...rules, created];
        return jsonResponse(201, created);
      },
      [`DELETE alarm/rules/${RULE}`]: () => {
        rules = rules.filter((r) => r._id !== RULE);
        return jsonResponse(200, { _id: RULE });
      },
      ...extra,
    });
    return calls;
  };

  it('lists the rules and creates one: threshold 0 shows the spec’s message and sends nothing, 30 saves', async () => {
    const calls = rulesStub();
    renderRoutes(ROUTES, '/alarms?tab=rules');
    const table = await screen.findByRole('table', { name: T.rulesCaption });
    expect(within(table).getByText('Fill rate below 50 %')).toBeInTheDocument();
    expect(within(table).getByText('All streams and VOD assets')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.newRule }));
    const dialog = await screen.findByRole('dialog', { name: T.newRuleTitle });
    await userEvent.click(within(dialog).getByRole('combobox', { name: T.fields.customer }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Demo Broadcasting' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: T.fields.target }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'News 24' }));
    const threshold = within(dialog).getByRole('textbox', { name: T.fields.threshold });
    await userEvent.type(threshold, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.thresholdAboveZero)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.newRuleTitle })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      customerId: DEMO,
      resourceId: STREAM,
      metric: 'origin-unreachable',
      threshold: 30,
      windowMinutes: 5,
      severity: 'CRITICAL',
      enabled: true,
    });
    expect(await screen.findByText('Origin unreachable for 30 s or more')).toBeInTheDocument();
  });

  it('puts the server’s field messages under the fields', async () => {
    rulesStub({
      'POST alarm/rules': () =>
        jsonResponse(400, {
          statusCode: 400,
          message: 'resourceId',
          fields: [
            {
              field: 'resourceId',
              message: 'Choose a live stream or VOD asset of this customer, or none for all of them',
            },
          ],
        }),
    });
    renderRoutes(ROUTES, '/alarms?tab=rules');
    await userEvent.click(await screen.findByRole('button', { name: T.newRule }));
    const dialog = await screen.findByRole('dialog', { name: T.newRuleTitle });
    await userEvent.click(within(dialog).getByRole('combobox', { name: T.fields.customer }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Demo Broadcasting' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: T.fields.threshold }), '60');
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(
      await within(dialog).findByText(
        'Choose a live stream or VOD asset of this customer, or none for all of them',
      ),
    ).toBeInTheDocument();
  });

  it('deletes a rule only after the confirmation (Cancel focused first)', async () => {
    const calls = rulesStub();
    renderRoutes(ROUTES, '/alarms?tab=rules');
    await screen.findByRole('table', { name: T.rulesCaption });
    await userEvent.click(screen.getByRole('button', { name: /^Delete rule Fill rate below 50 %/ }));
    const confirm = await screen.findByRole('dialog', { name: T.deleteTitle });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: T.cancel })).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: T.delete }));
    expect(await screen.findByText(T.rulesEmpty)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`alarm/rules/${RULE}`]);
  });
});
