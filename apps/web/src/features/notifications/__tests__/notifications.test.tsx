import {
  NOTIFICATION_KIND_LABELS,
  type NotificationListResponse,
  type NotificationPreferences,
  type UserNotification,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { notifications as mantineToasts } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { NOTIFICATION_SCREEN_TEXTS as T } from '../texts.ts';

const note = (id: number, overrides: Partial<UserNotification> = {}): UserNotification => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  kind: 'alarm',
  title: `Alarm ${id}`,
  body: `Body ${id}`,
  link: `/streams-live/stream-${id}`,
  createdAt: new Date(Date.UTC(2026, 2, 2, 12, id)).toISOString(),
  readAt: null,
  ...overrides,
});

const listAnswer = (data: UserNotification[], extra: Partial<NotificationListResponse> = {}) =>
  jsonResponse(200, {
    data,
    total: data.length,
    unread: data.filter((n) => n.readAt === null).length,
    readOnly: false,
    ...extra,
  } satisfies NotificationListResponse);

const preferences = (overrides: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  mailKinds: [],
  emails: [],
  accountEmail: 'ada@example.com',
  readOnly: false,
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Stubs fetch by "METHOD path" (below /api/); records every call with its query and body. */
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

const ROUTES: RouteObject[] = [
  { path: '/notification', lazy: () => import('../routes/notifications.tsx') },
  { path: '/streams-live/:id', element: <h1>Stream page</h1> },
];

let toasts: MockInstance<typeof mantineToasts.show>;
beforeEach(() => {
  toasts = vi.spyOn(mantineToasts, 'show').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cards = () => screen.getAllByTestId('notification');

describe('the Notification screen', () => {
  it('lists the notifications, unread ones emphasised, with kind, time and link; marks one read and unread', async () => {
    let stored = [
      note(2),
      note(1, { kind: 'plan', title: 'Plan changed', link: null, readAt: '2026-03-02T13:00:00.000Z' }),
    ];
    const calls = stub({
      'GET notification/notifications': () => listAnswer(stored),
      'PUT notification/notifications/00000000-0000-4000-8000-000000000002/read': (call) => {
        const read = (call.body as { read: boolean }).read;
        stored = stored.map((n) =>
          n._id === note(2)._id ? { ...n, readAt: read ? '2026-03-02T14:00:00.000Z' : null } : n,
        );
        return jsonResponse(200, stored[0]);
      },
    });
    renderRoutes(ROUTES, '/notification');
    const list = await screen.findByRole('list', { name: T.listLabel });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const [first, second] = cards();
    expect(first).toHaveAttribute('data-unread');
    expect(within(first!).getByText(T.unread)).toBeInTheDocument();
    expect(within(first!).getByText(NOTIFICATION_KIND_LABELS.alarm)).toBeInTheDocument();
    expect(within(first!).getByText('Body 2')).toBeInTheDocument();
    expect(first!.querySelector('time')).toHaveAttribute('dateTime', note(2).createdAt);
    expect(within(first!).getByRole('link', { name: T.openOf('Alarm 2') })).toHaveAttribute(
      'href',
      '/streams-live/stream-2',
    );
    expect(second).not.toHaveAttribute('data-unread');
    expect(within(second!).getByText(NOTIFICATION_KIND_LABELS.plan)).toBeInTheDocument();
    expect(screen.getByText(T.unreadCount(1))).toBeInTheDocument();
    // The first page, all, newest first.
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ filter: 'all', page: '1', pageSize: '20' });

    await userEvent.click(within(first!).getByRole('button', { name: T.markReadOf('Alarm 2') }));
    await waitFor(() => expect(cards()[0]).not.toHaveAttribute('data-unread'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ read: true });
    expect(screen.getByText(T.unreadCount(0))).toBeInTheDocument();

    await userEvent.click(within(cards()[0]!).getByRole('button', { name: T.markUnreadOf('Alarm 2') }));
    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-unread'));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ read: false });
  });

  it('opening a notification marks it read and goes where it leads', async () => {
    const calls = stub({
      'GET notification/notifications': () => listAnswer([note(3)]),
      'PUT notification/notifications/00000000-0000-4000-8000-000000000003/read': () =>
        jsonResponse(200, note(3, { readAt: '2026-03-02T14:00:00.000Z' })),
    });
    const { router } = renderRoutes(ROUTES, '/notification');
    await userEvent.click(await screen.findByRole('link', { name: T.openOf('Alarm 3') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/streams-live/stream-3'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  });

  it('filters the unread ones (in the URL) and says when there are none', async () => {
    const calls = stub({
      'GET notification/notifications': (call) =>
        call.query.get('filter') === 'unread'
          ? listAnswer([])
          : listAnswer([note(1, { readAt: '2026-03-02T13:00:00.000Z' })]),
    });
    const { router } = renderRoutes(ROUTES, '/notification');
    await screen.findByRole('list', { name: T.listLabel });
    await userEvent.click(screen.getByRole('radio', { name: T.filters.unread }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=unread'));
    expect(await screen.findByText(T.emptyUnread)).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('filter')).toBe('unread');
    // Nothing unread: nothing to mark.
    expect(screen.getByRole('button', { name: T.markAllRead })).toBeDisabled();
  });

  it('says when there are no notifications at all', async () => {
    stub({ 'GET notification/notifications': () => listAnswer([]) });
    renderRoutes(ROUTES, '/notification');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('marks every notification read, with a toast', async () => {
    let stored = [note(2), note(1)];
    const calls = stub({
      'GET notification/notifications': () => listAnswer(stored),
      'POST notification/notifications/read-all': () => {
        stored = stored.map((n) => ({ ...n, readAt: '2026-03-02T14:00:00.000Z' }));
        return jsonResponse(200, { updated: 2, unread: 0 });
      },
    });
    renderRoutes(ROUTES, '/notification');
    await screen.findByText(T.unreadCount(2));
    await userEvent.click(screen.getByRole('button', { name: T.markAllRead }));
    await waitFor(() => expect(screen.getByText(T.unreadCount(0))).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === 'notification/notifications/read-all')).toBe(
      true,
    );
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ message: T.allMarkedRead(2) }));
  });

  it('shows the server’s message when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    stub({
      'GET notification/notifications': () =>
        fail
          ? jsonResponse(503, {
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Database unavailable',
            })
          : listAnswer([note(1)]),
    });
    renderRoutes(ROUTES, '/notification');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText(T.failed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alarm 1')).toBeInTheDocument();
  });

  it('during login-as shows the list read-only', async () => {
    stub({ 'GET notification/notifications': () => listAnswer([note(1)], { readOnly: true }) });
    renderRoutes(ROUTES, '/notification');
    expect(await screen.findByText(T.readOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.markReadOf('Alarm 1') })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.markAllRead })).toBeDisabled();
  });

  it('pages through older notifications', async () => {
    const calls = stub({
      'GET notification/notifications': (call) =>
        listAnswer([note(call.query.get('page') === '2' ? 1 : 2)], { total: 25, unread: 25 }),
    });
    const { router } = renderRoutes(ROUTES, '/notification');
    expect(await screen.findByText(T.pageOf(1, 2))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.next }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Alarm 1')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('page')).toBe('2');
  });
});

describe('the notification preferences', () => {
  const field = () => screen.getByLabelText(T.emailsLabel, { selector: 'input' });

  it('saves the kinds to mail and the addresses, refusing a bad address with “Invalid email”', async () => {
    const calls = stub({
      'GET notification/preferences': () => jsonResponse(200, preferences({ mailKinds: ['alarm'] })),
      'PUT notification/preferences': (call) =>
        jsonResponse(200, { ...preferences(), ...(call.body as object) }),
    });
    renderRoutes(ROUTES, '/notification?tab=preferences');
    const alarms = await screen.findByRole('checkbox', { name: NOTIFICATION_KIND_LABELS.alarm });
    expect(alarms).toBeChecked();
    expect(screen.getByText(T.emailsDescription('ada@example.com', 5))).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: NOTIFICATION_KIND_LABELS.conditioning }));

    await user.type(field(), 'ops@example.com{Enter}not-an-address{Enter}');
    await waitFor(() =>
      expect(field()).toHaveAccessibleDescription(expect.stringContaining(VALIDATION_MESSAGES.invalidEmail)),
    );
    expect(screen.getByText('not-an-address').closest('[data-invalid]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Take the bad one out: saved, with a toast.
    await user.type(field(), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('not-an-address')).toBeNull());
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      mailKinds: ['alarm', 'conditioning'],
      emails: ['ops@example.com'],
    });
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ message: T.saved })));
  });

  it('puts the server’s field messages under the field', async () => {
    stub({
      'GET notification/preferences': () => jsonResponse(200, preferences()),
      'PUT notification/preferences': () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'emails.0: Invalid email',
          fields: [{ field: 'emails.0', message: VALIDATION_MESSAGES.invalidEmail }],
        }),
    });
    renderRoutes(ROUTES, '/notification?tab=preferences');
    await screen.findByRole('checkbox', { name: NOTIFICATION_KIND_LABELS.alarm });
    const user = userEvent.setup({ delay: null });
    await user.type(field(), 'ops@example.com{Enter}');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(field()).toHaveAccessibleDescription(expect.stringContaining(VALIDATION_MESSAGES.invalidEmail)),
    );
  });

  it('is read-only during login-as', async () => {
    stub({ 'GET notification/preferences': () => jsonResponse(200, preferences({ readOnly: true })) });
    renderRoutes(ROUTES, '/notification?tab=preferences');
    expect(await screen.findByText(T.readOnly)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: NOTIFICATION_KIND_LABELS.plan })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.save })).toBeDisabled();
  });
});
