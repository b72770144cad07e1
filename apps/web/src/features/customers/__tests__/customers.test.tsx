import {
  type CustomerListItem,
  type CustomerRecord,
  NOTE_MAX_LENGTH,
  RESOURCE_TEXTS,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { CUSTOMER_TEXTS as T } from '../texts.ts';

const ID = '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11';
const OTHER = '9b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c99';

const item = (overrides: Partial<CustomerListItem> = {}): CustomerListItem => ({
  _id: ID,
  name: 'Demo Broadcasting',
  subDomainName: 'demo',
  paymentPlan: 'standard',
  status: 'active',
  owner: { _id: 'u1', email: 'demo@cuepoint.example' },
  users: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  reviewedAt: '2026-03-01T11:00:00.000Z',
  deactivatedAt: null,
  ...overrides,
});

const record = (overrides: Partial<CustomerRecord> = {}): CustomerRecord => ({
  ...item(),
  paymentCustomerId: null,
  adminNote: '',
  userNote: '',
  version: 3,
  userList: [
    {
      _id: 'u1',
      email: 'demo@cuepoint.example',
      firstName: 'Dana',
      lastName: 'Demo',
      isActive: true,
      isGmanaActive: true,
      isMainAdmin: false,
    },
  ],
  usage: { liveStreams: 2, vods: 5, campaigns: 1, impressionsThisMonth: 1234 },
  ...overrides,
});

const ROUTES: RouteObject[] = [
  { path: '/customer', lazy: () => import('../routes/customers.tsx') },
  { path: '/customer/:detail', lazy: () => import('../routes/customer-detail.tsx') },
];

afterEach(() => vi.unstubAllGlobals());

describe('the Customers screen', () => {
  it('lists every account with its owner, plan and status', async () => {
    const fetchMock = stubApi({
      'GET customer/customers': () =>
        jsonResponse(200, {
          data: [
            item(),
            item({
              _id: OTHER,
              name: 'New Media',
              subDomainName: 'new-media',
              status: 'pending',
              paymentPlan: 'enterprise',
              owner: { _id: 'u2', email: 'new@media.example' },
            }),
          ],
          total: 2,
        }),
    });
    renderRoutes(ROUTES, '/customer');
    const table = await screen.findByRole('table');
    await within(table).findByText('Demo Broadcasting');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('new@media.example')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(T.statuses.pending)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(T.plans.enterprise)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: new RegExp(T.columns.createdAt) })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The default view asks for the first page of 10, newest first.
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      pageSize: '10',
      sort: 'createdAt',
      order: 'desc',
    });
    // A pending account's menu offers the review; an active one's De-activate.
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Actions for New Media' }));
    expect(await screen.findByRole('menuitem', { name: T.approve })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: T.reject })).toBeInTheDocument();
  });

  it('puts the search and the filters into the URL, and says when nothing matches', async () => {
    const fetchMock = stubApi({
      'GET customer/customers': () => jsonResponse(200, { data: [], total: 0 }),
    });
    const { router } = renderRoutes(ROUTES, '/customer?status=pending');
    await screen.findByText(RESOURCE_TEXTS.noMatch);
    expect(screen.getByRole('button', { name: `${RESOURCE_TEXTS.filters} (1)` })).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder }),
      'demo{Enter}',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?q=demo&status=pending'));
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      expect(last.searchParams.get('q')).toBe('demo');
      expect(last.searchParams.get('status')).toBe('pending');
    });
    await userEvent.click(screen.getByRole('button', { name: RESOURCE_TEXTS.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks before de-activating an account, then de-activates it', async () => {
    let deactivated = false;
    const fetchMock = stubApi({
      'GET customer/customers': () =>
        jsonResponse(200, { data: [item(deactivated ? { status: 'deactivated' } : {})], total: 1 }),
      [`POST customer/deactivate/${ID}`]: () => {
        deactivated = true;
        return jsonResponse(200, record({ status: 'deactivated' }));
      },
    });
    renderRoutes(ROUTES, '/customer');
    const row = (await screen.findByText('Demo Broadcasting')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Demo Broadcasting' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: T.deactivate }));
    const dialog = await screen.findByRole('dialog', { name: T.deactivateTitle('Demo Broadcasting') });
    // Nothing happens before the answer; the focus is on the safe choice.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: T.cancel })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: T.deactivateConfirm }));
    await waitFor(() => expect(deactivated).toBe(true));
    expect(await screen.findByText(T.statuses.deactivated)).toBeInTheDocument();
  });

  it('shows the record and refuses a note beyond 3000 characters with the spec’s message', async () => {
    const saved: unknown[] = [];
    stubApi({
      [`GET customer/customers/${ID}`]: () => jsonResponse(200, record()),
      'GET customer/plan-changes': () => jsonResponse(200, []),
      [`POST customer/customers/${ID}`]: (init) => {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse(200, record({ version: 4, userNote: 'Hello' }));
      },
    });
    renderRoutes(ROUTES, `/customer/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Broadcasting' })).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(await screen.findByText(T.planHistoryEmpty)).toBeInTheDocument();

    const note = screen.getByRole('textbox', { name: T.adminNote });
    fireEvent.change(note, { target: { value: 'x'.repeat(NOTE_MAX_LENGTH + 1) } });
    fireEvent.blur(note);
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(VALIDATION_MESSAGES.noteTooLong)).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    fireEvent.change(note, { target: { value: '' } });
    await userEvent.type(screen.getByRole('textbox', { name: T.userNote }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(saved).toEqual([{ version: 3, paymentCustomerId: '', adminNote: '', userNote: 'Hello' }]),
    );
    expect(screen.queryByText(VALIDATION_MESSAGES.noteTooLong)).toBeNull();
  });
});
