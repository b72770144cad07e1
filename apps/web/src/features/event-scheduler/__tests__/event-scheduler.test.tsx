import {
  formatSpecDateTime,
  EVENT_SCHEDULE_LABELS as L,
  type ScheduledEvent,
  scheduledEventDefaults,
  EVENT_SCHEDULE_TEXTS as T,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';

const STREAM = '00000000-0000-4000-8000-000000000301';
const ID = '00000000-0000-4000-8000-000000000401';
const HOUR = 3_600_000;

const makeEvent = (over: Partial<ScheduledEvent> = {}): ScheduledEvent => ({
  ...scheduledEventDefaults(Date.now() - HOUR, 30),
  endDate: formatSpecDateTime(Date.now() + 24 * HOUR),
  fixedTimes: [formatSpecDateTime(Math.ceil(Date.now() / 1000) * 1000 + 2 * HOUR)],
  name: 'Cup final',
  streamId: STREAM,
  _id: ID,
  customerId: 'c-1',
  customerName: 'Demo Broadcasting',
  streamName: 'Sports 1',
  fired: [],
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const ROUTES: RouteObject[] = [
  { path: '/event-scheduler', lazy: () => import('../routes/event-scheduler.tsx') },
];
const streams = () =>
  jsonResponse(200, {
    data: [{ _id: STREAM, name: 'Sports 1', customerName: 'Demo Broadcasting' }],
    total: 1,
  });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const field = (label: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
const numberField = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Event Scheduler', () => {
  it('lists events with their stream, trigger, next break and status', async () => {
    const event = makeEvent();
    stubApi({ 'GET schedule/events': () => jsonResponse(200, { data: [event] }), 'GET ssai/ds': streams });
    renderRoutes(ROUTES, '/event-scheduler');
    const row = (await screen.findByRole('button', { name: 'Cup final' })).closest('tr')!;
    expect(within(row).getByText('Sports 1')).toBeInTheDocument();
    expect(within(row).getByText('Fixed times')).toBeInTheDocument();
    expect(within(row).getByText(`${event.fixedTimes[0]} UTC`)).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });

  it('shows an empty list with its way to create, and a failure with Try again', async () => {
    let fail = true;
    stubApi({
      'GET schedule/events': () =>
        fail
          ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' })
          : jsonResponse(200, { data: [] }),
      'GET ssai/ds': streams,
    });
    renderRoutes(ROUTES, '/event-scheduler');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.loadFailed);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('validates with the spec’s messages, pre-fills the remembered default duration, and saves', async () => {
    const user = userEvent.setup();
    let posted: Record<string, unknown> | undefined;
    stubApi({
      'GET schedule/events': () => jsonResponse(200, { data: [] }),
      'GET ssai/ds': streams,
      'POST schedule/events': (init) => {
        posted = body(init);
        return jsonResponse(201, makeEvent());
      },
    });
    renderRoutes(ROUTES, '/event-scheduler');
    await screen.findByText(T.empty);
    // The default event duration is remembered in local storage (kept by logout).
    const duration = numberField(L.defaultEventDuration);
    await user.clear(duration);
    await user.type(duration, '45');
    expect(localStorage.getItem('defaultEventDuration')).toBe('45');

    await user.click(screen.getAllByRole('button', { name: T.newEvent })[0]!);
    const dialog = await screen.findByRole('dialog', { name: T.newEvent });
    expect(numberField(L.adDuration)).toHaveValue('45');
    await user.type(field(L.name), 'Evening news');
    await user.click(within(dialog).getByRole('combobox', { name: /^Stream/ }));
    await user.click(await screen.findByRole('option', { name: /Sports 1/ }));

    // Interval: not above the ad duration.
    await user.click(screen.getByRole('radio', { name: 'Interval' }));
    const interval = numberField(L.interval);
    await user.clear(interval);
    await user.type(interval, '45');
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.save }));
    expect(await within(dialog).findByText('Interval must be greater than ad duration.')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    // Rule times and dates, in the spec's words.
    await user.type(field(L.ruleStartTime), '18:00');
    await user.type(field(L.ruleEndTime), '09:00');
    await user.tab();
    expect(await within(dialog).findByText('Invalid time!')).toBeInTheDocument();
    await user.clear(field(L.ruleStartTime));
    await user.clear(field(L.ruleEndTime));
    await user.clear(field(L.startDate));
    await user.type(field(L.startDate), 'tomorrow');
    await user.tab();
    expect(await within(dialog).findByText('Invalid date!')).toBeInTheDocument();
    await user.clear(field(L.startDate));
    await user.type(field(L.startDate), formatSpecDateTime(Date.now()));

    // DTMF: A-D, 0-9, * and # only.
    await user.click(screen.getByRole('radio', { name: 'DTMF' }));
    await user.type(field(L.dtmf), '1 2');
    await user.tab();
    expect(await within(dialog).findByText('Invalid DTMF input!')).toBeInTheDocument();
    expect(within(dialog).getByText(T.dtmfPreview)).toBeInTheDocument();

    // Back to an interval above the ad duration: the preview lists the next breaks; Save posts.
    await user.click(screen.getByRole('radio', { name: 'Interval' }));
    await user.clear(numberField(L.interval));
    await user.type(numberField(L.interval), '600');
    expect(await within(dialog).findByTestId('occurrence-preview')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toMatchObject({
      name: 'Evening news',
      streamId: STREAM,
      trigger: 1,
      interval: 600,
      adDuration: 45,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes only after the confirmation, and triggers a DTMF event now', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    stubApi({
      'GET schedule/events': () =>
        jsonResponse(200, { data: [makeEvent({ trigger: 2, dtmf: '*1#', fixedTimes: [] })] }),
      'GET ssai/ds': streams,
      [`DELETE schedule/events/${ID}`]: () => {
        calls.push('delete');
        return jsonResponse(200, { _id: ID });
      },
      [`POST schedule/events/${ID}/trigger`]: () => {
        calls.push('trigger');
        return jsonResponse(200, { event: makeEvent(), breakAt: Date.now() + 6000 });
      },
    });
    renderRoutes(ROUTES, '/event-scheduler');
    await user.click(await screen.findByRole('button', { name: `${T.triggerNow}: Cup final` }));
    await waitFor(() => expect(calls).toEqual(['trigger']));

    await user.click(screen.getByRole('button', { name: KIT_TEXTS.actionsFor('Cup final') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', { name: T.deleteTitle('Cup final') });
    expect(within(confirm).getByRole('button', { name: KIT_TEXTS.cancel })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.cancel }));
    expect(calls).toEqual(['trigger']);
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.actionsFor('Cup final') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const again = await screen.findByRole('dialog', { name: T.deleteTitle('Cup final') });
    await user.click(within(again).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(calls).toEqual(['trigger', 'delete']));
  });
});
