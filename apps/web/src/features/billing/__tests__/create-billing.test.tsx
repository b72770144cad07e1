import { BILLING_METRIC_LABELS, BILLING_TEXTS, type Invoice } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import {
  bodyOf,
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

const T = BILLING_SCREEN_TEXTS.create;
const user = () => userEvent.setup({ delay: null });
/** Replaces a field's text in one input event (typing key by key re-renders the form each time). */
const fill = async (input: HTMLElement, text: string) => {
  await user().clear(input);
  await user().click(input);
  await user().paste(text);
};
const PATH = `/create-billing?customer=${CUSTOMER_ID}&month=2026-06`;

/** The preview the server would answer for these manual lines (they are appended as manual lines). */
const previewOf = (init: RequestInit): Invoice => {
  const body = bodyOf(init) as {
    manualLines?: { description: string; quantity: string; rateMinor: number }[];
  };
  const base = draft({ id: 'preview' });
  const manual = (body.manualLines ?? []).map((line, i) => ({
    position: base.lines.length + i + 1,
    kind: 'manual' as const,
    metric: null,
    description: line.description,
    quantity: line.quantity,
    rateMinor: line.rateMinor,
    per: 1,
    amountMinor: Math.round(Number(line.quantity) * line.rateMinor),
  }));
  const extra = manual.reduce((sum, line) => sum + line.amountMinor, 0);
  return {
    ...base,
    lines: [...base.lines, ...manual],
    subtotalMinor: base.subtotalMinor + extra,
    totalMinor: base.totalMinor + extra,
  };
};

const BASE = {
  'GET customer/customers': () => jsonResponse(200, CUSTOMERS),
  'GET billing/usage': () => jsonResponse(200, usage()),
  'POST billing/invoices/preview': (init: RequestInit) => jsonResponse(200, previewOf(init)),
};

describe('create billing (/create-billing)', () => {
  it('asks for a customer first, with last month as the month', async () => {
    const fetchMock = stubApi(BASE);
    renderBilling('/create-billing');
    expect(await screen.findByText(T.pickCustomer)).toBeInTheDocument();
    const month = screen.getByLabelText(new RegExp(`^${T.month}`)) as HTMLInputElement;
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect(month.value).toBe(last);
    // Nothing is asked of billing before a customer is picked.
    expect(queriesTo(fetchMock, 'billing/usage')).toEqual([]);
  });

  it('tells accounts that share a name apart by their owner’s address', async () => {
    const [first, second] = CUSTOMERS.data;
    stubApi({
      ...BASE,
      'GET customer/customers': () =>
        jsonResponse(200, { ...CUSTOMERS, data: [first, { ...second!, name: first!.name }] }),
      'GET billing/invoices': () => jsonResponse(200, list([])),
    });
    renderBilling('/create-billing?month=2026-06');
    const picker = await screen.findByRole('combobox', { name: new RegExp(T.customer) });
    await waitFor(() => expect(picker).toBeEnabled());
    await user().click(picker);
    expect(await screen.findByRole('option', { name: 'Demo Broadcasting (dana@example.com)' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Demo Broadcasting (olga@example.com)' })).toBeVisible();
  });

  it('picks a customer (in the URL) and shows its usage and the preview with the server’s lines', async () => {
    const fetchMock = stubApi({ ...BASE, 'GET billing/invoices': () => jsonResponse(200, list([])) });
    const view = renderBilling('/create-billing?month=2026-06');
    const picker = await screen.findByRole('combobox', { name: new RegExp(T.customer) });
    await waitFor(() => expect(picker).toBeEnabled());
    await user().click(picker);
    await user().click(await screen.findByRole('option', { name: 'Demo Broadcasting' }));
    await waitFor(() => expect(view.location()).toContain(`customer=${CUSTOMER_ID}`));

    const panel = await screen.findByTestId('usage-panel');
    expect(within(panel).getByText(BILLING_METRIC_LABELS.impressions)).toBeInTheDocument();
    expect(panel.querySelector('[data-usage="impressions"]')).toHaveTextContent('2,000,000');
    expect(panel.querySelector('[data-usage="viewerHours"]')).toHaveTextContent('1,234.5');
    expect(panel).toHaveTextContent('Plan changed from Standard to Enterprise');
    expect(queriesTo(fetchMock, 'billing/usage')).toEqual([{ customerId: CUSTOMER_ID, month: '2026-06' }]);

    const lines = await screen.findByTestId('invoice-lines');
    const rows = within(lines).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ad impressions');
    expect(rows[1]).toHaveTextContent('$0.35 per 1,000 impressions');
    expect(rows[1]).toHaveTextContent('$700.00');
    expect(rows[2]).toHaveTextContent(BILLING_SCREEN_TEXTS.lines.kinds.minimum_commitment);
    expect(rows[2]).toHaveTextContent('$2,800.00');
    expect(rows[3]).toHaveTextContent(BILLING_SCREEN_TEXTS.lines.kinds.pro_rata);
    expect(lines.querySelector(`[data-sum="${BILLING_SCREEN_TEXTS.lines.tax('20 %')}"]`)).toHaveTextContent(
      '$707.90',
    );
    expect(lines.querySelector(`[data-sum="${BILLING_SCREEN_TEXTS.lines.total}"]`)).toHaveTextContent(
      '$4,247.40',
    );
  });

  it('checks manual lines by field and leaves a wrong one out of the preview and the save', async () => {
    const saved: Record<string, unknown>[] = [];
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([])),
      'POST billing/invoices': (init) => {
        saved.push(bodyOf(init));
        return jsonResponse(201, draft());
      },
    });
    renderBilling(PATH);
    await screen.findByTestId('invoice-lines');
    await user().click(screen.getByRole('button', { name: T.addLine }));
    const line = screen.getByRole('group', { name: T.line(1) });
    // The new line's description has the focus.
    await waitFor(() => expect(within(line).getByRole('textbox', { name: /Description/ })).toHaveFocus());
    await fill(within(line).getByRole('textbox', { name: /Quantity/ }), '-2');
    await fill(within(line).getByRole('textbox', { name: /Rate/ }), '12.345');
    await user().click(screen.getByRole('button', { name: T.saveDraft }));
    expect(await within(line).findByText(BILLING_TEXTS.description)).toBeInTheDocument();
    expect(within(line).getByText(BILLING_TEXTS.quantity)).toBeInTheDocument();
    expect(within(line).getByText(T.rateInvalid)).toBeInTheDocument();
    expect(screen.getByText(T.previewSkipsInvalid)).toBeInTheDocument();
    expect(saved).toEqual([]);

    // Removing the line takes it (and its messages) out of the form.
    await user().click(screen.getByRole('button', { name: T.removeLine(1) }));
    expect(screen.queryByRole('group', { name: T.line(1) })).toBeNull();
    expect(screen.queryByText(T.rateInvalid)).toBeNull();
  });

  it('shows a good manual line in the preview and saves it with its rate in cents', async () => {
    const saved: Record<string, unknown>[] = [];
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([])),
      'POST billing/invoices': (init) => {
        saved.push(bodyOf(init));
        return jsonResponse(201, draft());
      },
    });
    renderBilling(PATH);
    await screen.findByTestId('invoice-lines');
    await user().click(screen.getByRole('button', { name: T.addLine }));
    const line = screen.getByRole('group', { name: T.line(1) });
    await fill(within(line).getByRole('textbox', { name: /Description/ }), 'Onboarding');
    await fill(within(line).getByRole('textbox', { name: /Quantity/ }), '2');
    await fill(within(line).getByRole('textbox', { name: /Rate/ }), '12.50');
    // The preview follows the lines.
    const lines = screen.getByTestId('invoice-lines');
    expect(await within(lines).findByText('Onboarding')).toBeInTheDocument();
    expect(screen.queryByText(T.previewSkipsInvalid)).toBeNull();

    await user().click(screen.getByRole('button', { name: T.saveDraft }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      customerId: CUSTOMER_ID,
      month: '2026-06',
      manualLines: [{ description: 'Onboarding', quantity: '2', rateMinor: 1250 }],
      note: null,
    });
  });

  it('puts the server’s field messages under the line', async () => {
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([])),
      'POST billing/invoices': () =>
        jsonResponse(
          400,
          problem(400, 'Invalid body', [
            { field: 'manualLines.0.rateMinor', message: BILLING_TEXTS.rateMinor },
          ]),
        ),
    });
    renderBilling(PATH);
    await screen.findByTestId('invoice-lines');
    await user().click(screen.getByRole('button', { name: T.addLine }));
    const line = screen.getByRole('group', { name: T.line(1) });
    await fill(within(line).getByRole('textbox', { name: /Description/ }), 'Setup');
    await fill(within(line).getByRole('textbox', { name: /Rate/ }), '10');
    await user().click(screen.getByRole('button', { name: T.saveDraft }));
    expect(await within(line).findByText(BILLING_TEXTS.rateMinor)).toBeInTheDocument();
  });

  it('issues after the confirmation: saves the draft, issues it, then offers the invoice and its PDF', async () => {
    const calls: string[] = [];
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([])),
      'POST billing/invoices': () => {
        calls.push('create');
        return jsonResponse(201, draft());
      },
      [`POST billing/invoices/${DRAFT_ID}/issue`]: () => {
        calls.push('issue');
        return jsonResponse(200, invoice());
      },
    });
    renderBilling(PATH);
    await screen.findByTestId('invoice-lines');
    await user().click(screen.getByRole('button', { name: T.issue }));
    const dialog = await screen.findByRole('dialog', { name: T.issueTitle });
    expect(dialog).toHaveTextContent(T.issueQuestion('June 2026', 'Demo Broadcasting', '$4,247.40'));
    // Cancel has the focus, and cancelling issues nothing.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: BILLING_SCREEN_TEXTS.cancel })).toHaveFocus(),
    );
    await user().click(within(dialog).getByRole('button', { name: BILLING_SCREEN_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.issueTitle })).toBeNull());
    expect(calls).toEqual([]);

    await user().click(screen.getByRole('button', { name: T.issue }));
    const again = await screen.findByRole('dialog', { name: T.issueTitle });
    await user().click(within(again).getByRole('button', { name: T.issue }));
    const done = await screen.findByTestId('invoice-issued');
    expect(calls).toEqual(['create', 'issue']);
    expect(done).toHaveTextContent(T.issuedTitle('INV-000001'));
    expect(done).toHaveTextContent('dana@example.com');
    expect(within(done).getByRole('link', { name: T.openInvoice })).toHaveAttribute(
      'href',
      `/billing-history?invoice=${INVOICE_ID}`,
    );
    expect(
      within(done).getByRole('button', { name: BILLING_SCREEN_TEXTS.downloadPdfOf('INV-000001') }),
    ).toBeVisible();
  });

  it('shows the server’s refusal to issue in the question', async () => {
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([draft()])),
      [`GET billing/invoices/${DRAFT_ID}`]: () => jsonResponse(200, draft()),
      [`POST billing/invoices/${DRAFT_ID}/issue`]: () =>
        jsonResponse(409, problem(409, BILLING_TEXTS.emptyInvoice)),
    });
    renderBilling(PATH);
    await screen.findByTestId('invoice-lines');
    await user().click(screen.getByRole('button', { name: T.issue }));
    const dialog = await screen.findByRole('dialog', { name: T.issueTitle });
    await user().click(within(dialog).getByRole('button', { name: T.issue }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BILLING_TEXTS.emptyInvoice);
  });

  it('loads the month’s draft for editing and saves it in place; deleting it asks first', async () => {
    const calls: { method: string; body?: Record<string, unknown> }[] = [];
    const saved = draft({
      note: 'Thanks',
      lines: [
        ...draft().lines,
        {
          position: 4,
          kind: 'manual',
          metric: null,
          description: 'Setup fee',
          quantity: '1',
          rateMinor: 5000,
          per: 1,
          amountMinor: 5000,
        },
      ],
    });
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([saved])),
      [`GET billing/invoices/${DRAFT_ID}`]: () => jsonResponse(200, saved),
      [`PUT billing/invoices/${DRAFT_ID}`]: (init) => {
        calls.push({ method: 'PUT', body: bodyOf(init) });
        return jsonResponse(200, saved);
      },
      [`DELETE billing/invoices/${DRAFT_ID}`]: () => {
        calls.push({ method: 'DELETE' });
        return new Response(null, { status: 204 });
      },
    });
    renderBilling(PATH);
    expect(await screen.findByTestId('draft-loaded')).toBeInTheDocument();
    const line = screen.getByRole('group', { name: T.line(1) });
    expect(within(line).getByRole('textbox', { name: /Description/ })).toHaveValue('Setup fee');
    expect(within(line).getByRole('textbox', { name: /Rate/ })).toHaveValue('50.00');
    expect(screen.getByRole('textbox', { name: new RegExp(T.note) })).toHaveValue('Thanks');

    await user().click(screen.getByRole('button', { name: T.saveDraft }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      body: { manualLines: [{ description: 'Setup fee', quantity: '1', rateMinor: 5000 }], note: 'Thanks' },
    });

    await user().click(screen.getByRole('button', { name: T.deleteDraft }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle('June 2026') });
    await user().click(within(dialog).getByRole('button', { name: T.deleteDraft }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'DELETE' }));
  });

  it('loads the draft someone else made meanwhile instead of making a second one (409)', async () => {
    let exists = false;
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list(exists ? [draft({ note: 'Theirs' })] : [])),
      [`GET billing/invoices/${DRAFT_ID}`]: () => jsonResponse(200, draft({ note: 'Theirs' })),
      'POST billing/invoices': () => {
        exists = true;
        return jsonResponse(409, problem(409, BILLING_TEXTS.duplicateInvoice));
      },
    });
    renderBilling(PATH);
    await screen.findByTestId('invoice-lines');
    expect(screen.queryByTestId('draft-loaded')).toBeNull();
    await user().click(screen.getByRole('button', { name: T.saveDraft }));
    expect(await screen.findByTestId('draft-loaded')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(T.note) })).toHaveValue('Theirs');
  });

  it('says when the month is invoiced already and links to the invoice', async () => {
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([invoice({ status: 'paid' })])),
    });
    renderBilling(PATH);
    const note = await screen.findByTestId('already-invoiced');
    expect(note).toHaveTextContent(T.alreadyIssued('INV-000001', 'Paid'));
    expect(within(note).getByRole('link', { name: T.openInvoice })).toHaveAttribute(
      'href',
      `/billing-history?invoice=${INVOICE_ID}`,
    );
    expect(screen.queryByRole('button', { name: T.issue })).toBeNull();
  });

  it('previews the month so far but invoices a month only once it has ended', async () => {
    stubApi({ ...BASE, 'GET billing/invoices': () => jsonResponse(200, list([])) });
    const thisMonth = new Date().toISOString().slice(0, 7);
    renderBilling(`/create-billing?customer=${CUSTOMER_ID}&month=${thisMonth}`);
    expect(await screen.findByTestId('month-not-ended')).toHaveTextContent(BILLING_TEXTS.monthNotEnded);
    await screen.findByTestId('invoice-lines');
    expect(screen.getByRole('button', { name: T.saveDraft })).toBeDisabled();
    expect(screen.getByRole('button', { name: T.issue })).toBeDisabled();
  });

  it('shows loading, then the usage’s failure with Try again', async () => {
    let fail = true;
    stubApi({
      ...BASE,
      'GET billing/invoices': () => jsonResponse(200, list([])),
      'GET billing/usage': () =>
        fail ? jsonResponse(500, problem(500, 'Boom')) : jsonResponse(200, usage()),
    });
    renderBilling(PATH);
    expect(await screen.findByText(BILLING_SCREEN_TEXTS.usage.loading)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BILLING_SCREEN_TEXTS.usage.failed);
    fail = false;
    await user().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('usage-panel')).toBeInTheDocument();
  });
});
