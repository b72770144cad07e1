/**
 * The billing screens' own texts (/create-billing, /billing-history and its chart, the customer's
 * Billing). The statuses' and kinds' names, the metrics' labels and the server's answers
 * (BILLING_TEXTS) come from @cuepoint/core.
 */
import { BILLING_TEXTS, type PaymentPlan } from '@cuepoint/core';

export const BILLING_SCREEN_TEXTS = {
  plans: { standard: 'Standard', enterprise: 'Enterprise' } satisfies Record<PaymentPlan, string>,
  none: '—',
  cancel: 'Cancel',
  back: 'Back',
  downloadPdf: 'Download PDF',
  downloadPdfOf: (number: string) => `Download the PDF of ${number}`,
  downloadFailed: 'The PDF could not be downloaded.',
  draftLabel: 'Draft',
  /** A document's name in a question or a heading: its number, or "the draft for June 2026". */
  draftOf: (period: string) => `Draft for ${period}`,

  // The lines table and its totals.
  lines: {
    caption: 'Invoice lines',
    description: 'Description',
    quantity: 'Quantity',
    rate: 'Rate',
    amount: 'Amount',
    per: (rate: string, per: string) => `${rate} per ${per}`,
    subtotal: 'Subtotal',
    tax: (rate: string) => `Tax (${rate})`,
    total: 'Total',
    paid: 'Paid',
    credited: 'Credited',
    outstanding: 'Outstanding',
    kinds: {
      usage: 'Usage',
      minimum_commitment: 'Minimum commitment',
      pro_rata: 'Pro rata',
      manual: 'Manual',
    },
    empty: 'No lines: nothing was used in this period.',
  },

  // The usage panel.
  usage: {
    title: (month: string) => `Usage in ${month}`,
    soFar: 'This month so far',
    plan: 'Plan',
    counted: (from: string, to: string) => `Counted from ${from} to ${to}.`,
    planChange: (from: string, to: string, at: string) => `Plan changed from ${from} to ${to} on ${at}`,
    loading: 'Loading usage…',
    failed: 'Could not load the usage',
  },

  // /create-billing.
  create: {
    intro:
      'Pick a customer and a month: the invoice is built from the month’s usage at the customer’s plan rates, with any manual lines you add. Save it as a draft, or issue it: an issued invoice is numbered, mailed to the customer and can no longer be changed.',
    customer: 'Customer',
    customerPlaceholder: 'Search customers',
    customersLoading: 'Loading customers…',
    customersFailed: 'Could not load the customers',
    noCustomers: 'No customer matches',
    month: 'Month',
    monthHint: 'The month the invoice bills (YYYY-MM)',
    pickCustomer: 'Pick a customer to see its usage and the invoice.',
    previewTitle: 'Invoice preview',
    previewLoading: 'Building the preview…',
    previewFailed: 'Could not build the preview',
    previewSkipsInvalid: 'Lines with an error are left out of the preview until they are corrected.',
    existingLoading: 'Looking for an invoice for this month…',
    draftLoaded: (updated: string) => `Editing the saved draft (created ${updated}).`,
    draftEditing: 'Editing the saved draft.',
    draftFound: 'A draft for this customer and month already existed: it is loaded for editing.',
    alreadyIssued: (number: string, status: string) =>
      `This month is already invoiced: ${number} (${status}). Corrections are credit notes, from its page in Billing History.`,
    openInvoice: 'Open the invoice',
    manualTitle: 'Manual lines',
    manualHint: 'Extra charges or discounts: quantity × rate. A negative rate is a discount.',
    addLine: 'Add a line',
    removeLine: (n: number) => `Remove line ${n}`,
    line: (n: number) => `Manual line ${n}`,
    description: 'Description',
    quantity: 'Quantity',
    rate: 'Rate (USD)',
    rateInvalid: 'Rate is an amount in dollars with at most 2 decimals, such as 12.50',
    tooManyLines: BILLING_TEXTS.manualLines,
    note: 'Note on the invoice',
    noteHint: 'Optional; printed on the invoice.',
    saveDraft: 'Save draft',
    draftSaved: 'Draft saved',
    issue: 'Issue invoice',
    deleteDraft: 'Delete draft',
    issueTitle: 'Issue this invoice?',
    issueQuestion: (period: string, customer: string, total: string) =>
      `Issue invoice for ${period} (${total}) to ${customer}? An issued invoice cannot be changed.`,
    issueMail: 'It gets the next invoice number and is mailed to the customer at once.',
    deleteTitle: (period: string) => `Delete the draft for ${period}?`,
    deleteQuestion: (customer: string) =>
      `The draft invoice of ${customer} and its manual lines are deleted. The usage stays: you can create the invoice again.`,
    deleted: 'Draft deleted',
    issuedTitle: (number: string) => `Invoice ${number} issued`,
    issuedBody: (customer: string, email: string, total: string, due: string) =>
      `${total} to ${customer}, due ${due}. It was mailed to ${email}.`,
    another: 'Create another invoice',
  },

  // /billing-history (the main administrator's).
  history: {
    intro: 'Every invoice and credit note, drafts included. Totals cover everything the filters match.',
    tabs: { history: 'History', chart: 'Revenue chart' },
    tabsLabel: 'Billing views',
    create: 'Create billing',
    caption: 'Invoices and credit notes',
    loading: 'Loading invoices…',
    failed: 'Could not load the invoices',
    empty: 'No invoices yet. Create one from a customer’s usage.',
    noMatch: 'No invoice matches the search or the filters.',
    clearFilters: 'Clear filters',
    columns: {
      number: 'Number',
      kind: 'Type',
      customer: 'Customer',
      period: 'Period',
      status: 'Status',
      total: 'Total',
      paid: 'Paid',
      issued: 'Issued',
      due: 'Due',
      pdf: 'PDF',
    },
    totals: 'Totals',
    totalsHint: (count: number) => `Over all ${count} ${count === 1 ? 'document' : 'documents'}`,
    filters: {
      title: 'Filters',
      status: 'Status',
      kind: 'Type',
      customer: 'Customer',
      from: 'Period from',
      to: 'Period to',
      any: 'Any',
    },
    openOf: (name: string) => `Open ${name}`,
  },

  // An invoice's panel (?invoice=<id>).
  detail: {
    loading: 'Loading the invoice…',
    failed: 'Could not load the invoice',
    billTo: 'Bill to',
    period: 'Period',
    plan: 'Plan',
    issued: 'Issued',
    due: 'Due',
    paidAt: 'Paid on',
    voidedAt: 'Voided on',
    created: 'Created',
    creditFor: 'Credits',
    note: 'Note',
    paymentCustomerId: 'Payment customer id',
    payments: 'Payment',
    paymentState: (paid: string, total: string) => `${paid} paid of ${total}`,
    recordPayment: 'Record payment',
    creditNote: 'Credit note',
    editDraft: 'Edit draft',
    actions: 'Invoice actions',
  },

  // Record a payment (bank transfer).
  payment: {
    title: (number: string) => `Record a payment for ${number}`,
    body: 'A bank transfer received for this invoice. The invoice is paid once payments reach its total.',
    amount: 'Amount (USD)',
    amountInvalid: 'Amount is a positive amount in dollars with at most 2 decimals',
    paidOn: 'Received on',
    paidOnInvalid: 'Received on is a date (YYYY-MM-DD)',
    reference: 'Reference',
    referenceHint: 'The bank’s reference, optional',
    next: 'Review',
    confirmTitle: (number: string) => `Record this payment for ${number}?`,
    confirmQuestion: (amount: string, date: string, number: string) =>
      `Record ${amount} received on ${date} against ${number}? A recorded payment cannot be removed.`,
    confirm: 'Record payment',
    done: (amount: string, number: string) => `${amount} recorded against ${number}`,
  },

  // Issue a credit note.
  credit: {
    title: (number: string) => `Credit note for ${number}`,
    body: (left: string) =>
      `Corrections to an issued invoice are credit notes. Up to ${left} is left to credit; a full credit voids the invoice.`,
    reason: 'Reason',
    line: (n: number) => `Credit line ${n}`,
    description: 'Description',
    amount: 'Amount (USD)',
    amountInvalid: 'Amount is a positive amount in dollars with at most 2 decimals',
    addLine: 'Add a line',
    removeLine: (n: number) => `Remove credit line ${n}`,
    total: (amount: string) => `Credit total: ${amount}`,
    tooLarge: BILLING_TEXTS.creditTooLarge,
    next: 'Review',
    confirmTitle: (number: string) => `Issue this credit note for ${number}?`,
    confirmQuestion: (amount: string, number: string) =>
      `Issue a credit note of ${amount} against ${number}? It is numbered, mailed to the customer and cannot be changed.`,
    confirm: 'Issue credit note',
    done: (number: string) => `Credit note ${number} issued`,
  },

  // /billing-history/billingChart.
  chart: {
    intro: 'Revenue of issued invoices less credit notes, by the month they were issued.',
    from: 'From month',
    to: 'To month',
    monthInvalid: 'Month is written YYYY-MM, at most this month',
    loading: 'Loading revenue…',
    failed: 'Could not load the revenue',
    empty: 'No revenue in this period: no invoice was issued.',
    byMonth: 'Revenue by month',
    byPlan: 'Revenue by plan',
    revenue: 'Revenue',
    caption: (from: string, to: string) => `Revenue from ${from} to ${to}`,
    columns: { month: 'Month', standard: 'Standard', enterprise: 'Enterprise', total: 'Total' },
    total: 'Total',
  },

  // The customer's Billing.
  customer: {
    /** The sidebar's name of the customer's entry. */
    title: 'Billing',
    intro:
      'Your invoices and credit notes, their payment status and the PDFs, and this month’s usage so far.',
    invoices: 'Invoices',
    caption: 'Your invoices and credit notes',
    loading: 'Loading your invoices…',
    failed: 'Could not load your invoices',
    empty: 'No invoices yet. Your first invoice arrives after your first billed month.',
    outstanding: (amount: string) => `Outstanding: ${amount}`,
    usageNote: 'Usage so far this month; the invoice is built from the whole month once it ends.',
  },
} as const;
