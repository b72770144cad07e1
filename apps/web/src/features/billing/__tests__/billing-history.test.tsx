import { BILLING_TEXTS } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/resource/resource-list.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { jsonResponse, stubApi, stubMediaQuery } from '../../../test/fixtures.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import {
  bodyOf,
  CREDIT_ID,
  CUSTOMER_ID,
  CUSTOMERS,
  DRAFT_ID,
  draft,
  INVOICE_ID,
  invoice,
  list,
  problem,
  queriesTo,
  renderBilling,
  usage,
} from './fixtures.ts';

const T = BILLING_SCREEN_TEXTS.history;
const D = BILLING_SCREEN_TEXTS.detail;
const user = () => userEvent.setup({ delay: null });
/** Replaces a field's text in one input event (typing key by key re-renders the form each time). */
const fill = async (input: HTMLElement, text: string) => {
  await user().clear(input);
  await user().click(input);
  await user().paste(text);
};
afterEach(() => vi.restoreAllMocks());

const DOCUMENTS = [
  invoice(),
  invoice({
    id: CREDIT_ID,
    kind: 'credit_note',
    number: 1,
    displayNumber: 'CN-000001',
    creditFor: INVOICE_ID,
    creditForNumber: 'INV-000001',
    totalMinor: 5000,
  }),
  draft({ customerName: 'Other Media' }),
];

describe('billing history (/billing-history, main administrator)', () => {
  it('lists every document with its status, and the totals of all that match', async () => {
    stubApi({ 'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS, { total: 43 })) });
    renderBilling('/billing-history');
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('INV-000001');
    expect(rows[0]).toHaveTextContent('Demo Broadcasting');
    expect(rows[0]).toHaveTextContent('Jun 1, 2026 – Jun 30, 2026');
    expect(rows[0]).toHaveTextContent('$4,247.40');
    expect(within(rows[0]!).getByText('Issued')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Credit note');
    expect(rows[2]).toHaveTextContent(BILLING_SCREEN_TEXTS.draftLabel);
    expect(rows[2]!.querySelector('[data-status="draft"]')).toHaveTextContent('Draft');
    const totals = screen.getByTestId('invoice-totals');
    expect(totals).toHaveTextContent(T.totalsHint(43));
    expect(totals).toHaveTextContent('$4,247.40');
    expect(totals).toHaveTextContent('$1,000.00');
    expect(totals).toHaveTextContent('$3,247.40');
    // 43 documents, 20 a page.
    expect(screen.getByText(KIT_TEXTS.showing(1, 20, 43))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.tabs.chart })).toHaveAttribute(
      'href',
      '/billing-history/billingChart',
    );
    expect(screen.getByRole('link', { name: T.create })).toHaveAttribute('href', '/create-billing');
  });

  it('at phone width shows each document as a card, its fields labelled, and the totals as a card', async () => {
    const restore = stubMediaQuery(PHONE_QUERY);
    try {
      stubApi({ 'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS, { total: 43 })) });
      renderBilling('/billing-history');
      const cards = await screen.findAllByTestId('invoice-card');
      expect(cards).toHaveLength(3);
      expect(screen.queryByTestId('invoice-table')).toBeNull();
      const first = within(cards[0]!);
      expect(first.getByRole('link', { name: T.openOf('INV-000001') })).toHaveAttribute(
        'href',
        expect.stringContaining('invoice='),
      );
      expect(first.getByText(T.columns.customer).nextElementSibling).toHaveTextContent('Demo Broadcasting');
      expect(first.getByText(T.columns.total).nextElementSibling).toHaveTextContent('$4,247.40');
      expect(cards[0]!.querySelector('[data-status="issued"]')).toHaveTextContent('Issued');
      const totals = screen.getByTestId('invoice-totals');
      expect(totals).toHaveTextContent(T.totalsHint(43));
      expect(
        within(totals).getByText(BILLING_SCREEN_TEXTS.lines.outstanding).nextElementSibling,
      ).toHaveTextContent('$3,247.40');
    } finally {
      restore();
    }
  });

  it('keeps the search, the filters and the page in the URL and asks the server with them', async () => {
    const fetchMock = stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS, { total: 60 })),
    });
    const view = renderBilling(`/billing-history?status=overdue&from=2026-01&customer=${CUSTOMER_ID}&page=2`);
    await screen.findAllByTestId('invoice-row');
    expect(queriesTo(fetchMock, 'billing/invoices')[0]).toEqual({
      status: 'overdue',
      customerId: CUSTOMER_ID,
      from: '2026-01',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByRole('button', { name: /Filters.*3/ })).toBeInTheDocument();

    // A search goes to the URL (after the typing pauses) and back to page 1.
    await fill(screen.getByRole('searchbox', { name: /Search/ }), 'INV-7');
    await waitFor(() => expect(view.location()).toContain('q=INV-7'));
    expect(view.location()).not.toContain('page=');
    await waitFor(() => expect(queriesTo(fetchMock, 'billing/invoices').at(-1)?.q).toBe('INV-7'));
  });

  it('sets and clears filters from the drawer, in the URL', async () => {
    const fetchMock = stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS, { total: 60 })),
      'GET customer/customers': () => jsonResponse(200, CUSTOMERS),
    });
    const view = renderBilling('/billing-history?status=overdue&q=INV-7');
    await screen.findAllByTestId('invoice-row');
    await user().click(screen.getByRole('button', { name: /Filters/ }));
    const drawer = await screen.findByRole('dialog', { name: T.filters.title });
    await user().click(within(drawer).getByRole('combobox', { name: T.filters.kind }));
    await user().click(await within(drawer).findByRole('option', { name: 'Credit note' }));
    await waitFor(() => expect(view.location()).toContain('kind=credit_note'));
    await waitFor(() => expect(queriesTo(fetchMock, 'billing/invoices').at(-1)?.kind).toBe('credit_note'));
    await user().click(within(drawer).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.location()).not.toContain('kind='));
    expect(view.location()).not.toContain('status=');
    expect(view.location()).toContain('q=INV-7');
  });

  it('turns the page in the URL', async () => {
    const fetchMock = stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS, { total: 43 })),
    });
    const view = renderBilling('/billing-history');
    await screen.findAllByTestId('invoice-row');
    await user().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(view.location()).toBe('/billing-history?page=3'));
    await waitFor(() => expect(queriesTo(fetchMock, 'billing/invoices').at(-1)?.page).toBe('3'));
  });

  it('says when there is nothing yet, and when nothing matches (with Clear filters)', async () => {
    stubApi({
      'GET billing/invoices': () =>
        jsonResponse(200, list([], { totals: { totalMinor: 0, paidMinor: 0, outstandingMinor: 0 } })),
    });
    const first = renderBilling('/billing-history');
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent(T.empty);
    first.unmount();

    const view = renderBilling('/billing-history?status=paid');
    const none = await screen.findByTestId('invoices-no-match');
    expect(none).toHaveTextContent(T.noMatch);
    await user().click(within(none).getByRole('button', { name: T.clearFilters }));
    await waitFor(() => expect(view.location()).toBe('/billing-history'));
  });

  it('shows loading, then the failure with Try again', async () => {
    let fail = true;
    stubApi({
      'GET billing/invoices': () =>
        fail ? jsonResponse(500, problem(500, 'Boom')) : jsonResponse(200, list(DOCUMENTS)),
    });
    renderBilling('/billing-history');
    expect(await screen.findByRole('status')).toHaveTextContent(T.loading);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.failed);
    fail = false;
    await user().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(3);
  });

  it('opens a document’s panel from its number (in the URL) with its lines and payment state', async () => {
    stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS)),
      [`GET billing/invoices/${INVOICE_ID}`]: () =>
        jsonResponse(
          200,
          invoice({ paidMinor: 100_000, billTo: { ...invoice().billTo, paymentCustomerId: 'cus_9' } }),
        ),
    });
    const view = renderBilling('/billing-history?status=issued');
    await user().click(await screen.findByRole('link', { name: T.openOf('INV-000001') }));
    await waitFor(() => expect(view.location()).toBe(`/billing-history?status=issued&invoice=${INVOICE_ID}`));
    const panel = await screen.findByTestId('invoice-detail');
    expect(screen.getByRole('dialog', { name: 'INV-000001' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(D.paymentState('$1,000.00', '$4,247.40'));
    expect(panel).toHaveTextContent('cus_9');
    expect(within(panel).getByTestId('invoice-lines')).toHaveTextContent('Minimum commitment top-up');
    expect(within(panel).getByRole('button', { name: D.recordPayment })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: D.creditNote })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: BILLING_SCREEN_TEXTS.create.deleteDraft })).toBeNull();
  });

  it('records a payment after checking the fields and confirming', async () => {
    const payments: Record<string, unknown>[] = [];
    stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS)),
      [`GET billing/invoices/${INVOICE_ID}`]: () => jsonResponse(200, invoice()),
      [`POST billing/invoices/${INVOICE_ID}/payments`]: (init) => {
        payments.push(bodyOf(init));
        return jsonResponse(200, invoice({ status: 'paid', paidMinor: 424_740 }));
      },
    });
    renderBilling(`/billing-history?invoice=${INVOICE_ID}`);
    const panel = await screen.findByTestId('invoice-detail');
    await user().click(within(panel).getByRole('button', { name: D.recordPayment }));
    const P = BILLING_SCREEN_TEXTS.payment;
    const dialog = await screen.findByRole('dialog', { name: P.title('INV-000001') });
    const amount = within(dialog).getByRole('textbox', { name: new RegExp(P.amount.replace(/[()]/g, '.')) });
    // What is left to pay is offered.
    expect(amount).toHaveValue('4247.40');
    await fill(amount, '0');
    await user().click(within(dialog).getByRole('button', { name: P.next }));
    expect(await within(dialog).findByText(P.amountInvalid)).toBeInTheDocument();
    await fill(amount, '1000');
    await fill(within(dialog).getByRole('textbox', { name: new RegExp(P.reference) }), 'BANK-42');
    await user().click(within(dialog).getByRole('button', { name: P.next }));
    const question = await screen.findByRole('dialog', { name: P.confirmTitle('INV-000001') });
    expect(question).toHaveTextContent('$1,000.00');
    expect(payments).toEqual([]);
    await user().click(within(question).getByRole('button', { name: P.confirm }));
    await waitFor(() => expect(payments).toHaveLength(1));
    expect(payments[0]).toMatchObject({ amountMinor: 100_000, reference: 'BANK-42' });
    expect(String(payments[0]!.paidAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('issues a credit note: its lines are checked, a refusal shows in the dialog', async () => {
    const credits: Record<string, unknown>[] = [];
    stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS)),
      [`GET billing/invoices/${INVOICE_ID}`]: () => jsonResponse(200, invoice()),
      [`POST billing/invoices/${INVOICE_ID}/credit-notes`]: (init) => {
        credits.push(bodyOf(init));
        return credits.length === 1
          ? jsonResponse(409, problem(409, BILLING_TEXTS.creditTooLarge))
          : jsonResponse(201, invoice({ id: CREDIT_ID, kind: 'credit_note', displayNumber: 'CN-000002' }));
      },
    });
    renderBilling(`/billing-history?invoice=${INVOICE_ID}`);
    const panel = await screen.findByTestId('invoice-detail');
    await user().click(within(panel).getByRole('button', { name: D.creditNote }));
    const C = BILLING_SCREEN_TEXTS.credit;
    const dialog = await screen.findByRole('dialog', { name: C.title('INV-000001') });
    await user().click(within(dialog).getByRole('button', { name: C.next }));
    expect(await within(dialog).findByText(BILLING_TEXTS.reason)).toBeInTheDocument();
    expect(within(dialog).getByText(BILLING_TEXTS.description)).toBeInTheDocument();
    expect(within(dialog).getByText(C.amountInvalid)).toBeInTheDocument();

    await fill(within(dialog).getByRole('textbox', { name: new RegExp(C.reason) }), 'Outage on June 3');
    const line = within(dialog).getByRole('group', { name: C.line(1) });
    await fill(within(line).getByRole('textbox', { name: /Description/ }), 'Service credit');
    await fill(within(line).getByRole('textbox', { name: /Amount/ }), '100');
    expect(within(dialog).getByText(C.total('$100.00'))).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: C.next }));
    const question = await screen.findByRole('dialog', { name: C.confirmTitle('INV-000001') });
    expect(question).toHaveTextContent(C.confirmQuestion('$100.00', 'INV-000001'));
    await user().click(within(question).getByRole('button', { name: C.confirm }));
    // The refusal takes the user back to the form, with the server's words.
    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_TEXTS.creditTooLarge);
    await user().click(screen.getByRole('button', { name: C.next }));
    await user().click(await screen.findByRole('button', { name: C.confirm }));
    await waitFor(() => expect(credits).toHaveLength(2));
    expect(credits[1]).toEqual({
      reason: 'Outage on June 3',
      lines: [{ description: 'Service credit', amountMinor: 10_000 }],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: C.confirmTitle('INV-000001') })).toBeNull(),
    );
  });

  it('deletes a draft after the question, and closes its panel', async () => {
    const calls: string[] = [];
    stubApi({
      'GET billing/invoices': () => jsonResponse(200, list(DOCUMENTS)),
      [`GET billing/invoices/${DRAFT_ID}`]: () => jsonResponse(200, draft()),
      [`DELETE billing/invoices/${DRAFT_ID}`]: () => {
        calls.push('delete');
        return new Response(null, { status: 204 });
      },
    });
    const view = renderBilling(`/billing-history?invoice=${DRAFT_ID}`);
    const panel = await screen.findByTestId('invoice-detail');
    expect(within(panel).queryByRole('button', { name: D.recordPayment })).toBeNull();
    expect(within(panel).getByRole('link', { name: D.editDraft })).toHaveAttribute(
      'href',
      `/create-billing?customer=${CUSTOMER_ID}&month=2026-06`,
    );
    await user().click(within(panel).getByRole('button', { name: BILLING_SCREEN_TEXTS.create.deleteDraft }));
    const dialog = await screen.findByRole('dialog', {
      name: BILLING_SCREEN_TEXTS.create.deleteTitle('Jun 1, 2026 – Jun 30, 2026'),
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: BILLING_SCREEN_TEXTS.cancel })).toHaveFocus(),
    );
    expect(calls).toEqual([]);
    await user().click(within(dialog).getByRole('button', { name: BILLING_SCREEN_TEXTS.create.deleteDraft }));
    await waitFor(() => expect(calls).toEqual(['delete']));
    await waitFor(() => expect(view.location()).toBe('/billing-history'));
  });
});

describe('the customer’s Billing (/billing-history, a customer with a payment customer id)', () => {
  it('shows this month so far and its invoices, without any administrator action', async () => {
    const fetchMock = stubApi({
      'GET billing/my-usage': () => jsonResponse(200, usage({ month: '2026-11' })),
      'GET billing/invoices': () =>
        jsonResponse(200, list([invoice(), invoice({ id: CREDIT_ID, status: 'paid' })])),
      [`GET billing/invoices/${INVOICE_ID}`]: () => jsonResponse(200, invoice()),
    });
    renderBilling('/billing-history?status=draft', 'customer');
    expect(
      await screen.findByRole('heading', { name: BILLING_SCREEN_TEXTS.customer.title, level: 1 }),
    ).toBeVisible();
    const panel = await screen.findByTestId('usage-panel');
    expect(panel).toHaveTextContent(BILLING_SCREEN_TEXTS.usage.soFar);
    expect(panel.querySelector('[data-usage="impressions"]')).toHaveTextContent('2,000,000');
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(screen.getByTestId('customer-outstanding')).toHaveTextContent('$3,247.40');
    // Only its page: no filters, no search, no customer column, nothing to create.
    expect(queriesTo(fetchMock, 'billing/invoices')[0]).toEqual({ page: '1', pageSize: '20' });
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('link', { name: T.create })).toBeNull();
    expect(screen.queryByRole('link', { name: T.tabs.chart })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: T.columns.customer })).toBeNull();

    await user().click(within(rows[0]!).getByRole('link', { name: T.openOf('INV-000001') }));
    const detail = await screen.findByTestId('invoice-detail');
    expect(
      within(detail).getByRole('button', { name: BILLING_SCREEN_TEXTS.downloadPdfOf('INV-000001') }),
    ).toBeVisible();
    expect(within(detail).queryByRole('button', { name: D.recordPayment })).toBeNull();
    expect(within(detail).queryByRole('button', { name: D.creditNote })).toBeNull();
  });

  it('downloads a PDF with the session’s headers, under the server’s file name', async () => {
    localStorage.setItem('currentUser', 'token-9');
    localStorage.setItem('authType', 'reg');
    localStorage.setItem('user', JSON.stringify({ _id: 'user-1' }));
    const pdf = vi.fn(
      (_init: RequestInit) =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="INV-000001.pdf"',
          },
        }),
    );
    const fetchMock = stubApi({
      'GET billing/my-usage': () => jsonResponse(200, usage()),
      'GET billing/invoices': () => jsonResponse(200, list([invoice()])),
      [`GET billing/invoices/${INVOICE_ID}/pdf`]: pdf,
    });
    const created = vi.fn(() => 'blob:pdf');
    // jsdom has no object URLs: the browser's part of a download.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderBilling('/billing-history', 'customer');
    const [row] = await screen.findAllByTestId('invoice-row');
    await user().click(
      within(row!).getByRole('button', { name: BILLING_SCREEN_TEXTS.downloadPdfOf('INV-000001') }),
    );
    await waitFor(() => expect(clicked).toEqual(['INV-000001.pdf']));
    const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/pdf'))!;
    expect((call[1] as RequestInit).headers).toMatchObject({
      Authorization: 'Bearer token-9',
      'user-id': 'user-1',
    });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('says when there is no invoice yet, and when the usage cannot be read', async () => {
    stubApi({
      'GET billing/my-usage': () => jsonResponse(500, problem(500, 'Boom')),
      'GET billing/invoices': () =>
        jsonResponse(200, list([], { totals: { totalMinor: 0, paidMinor: 0, outstandingMinor: 0 } })),
    });
    renderBilling('/billing-history', 'customer');
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent(
      BILLING_SCREEN_TEXTS.customer.empty,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_SCREEN_TEXTS.usage.failed);
  });
});
