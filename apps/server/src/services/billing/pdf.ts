/**
 * An invoice or credit note as an A4 PDF (pdfkit, its built-in Helvetica): the seller, the
 * document's kind, number and dates, whom it bills, the lines (description, quantity, rate,
 * amount), subtotal, tax and total, payments, and a large diagonal DRAFT watermark on a draft.
 */
import {
  BILLING_METRIC_UNITS,
  BILLING_TEXTS,
  formatMinor,
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  type Invoice,
} from '@cuepoint/core';
import PDFDocument from 'pdfkit';

const SELLER = ['Cuepoint', 'Server-side ad insertion and streaming'];
const PINK = '#d6336c';
const GREY = '#666666';
const LIGHT = '#eeeeee';

/** "$0.50 / 1,000" or "$99.00": a line's rate for `per` units. */
function rateText(invoice: Invoice, line: Invoice['lines'][number]): string {
  const rate = formatMinor(line.rateMinor, invoice.currency);
  const unit = line.metric ? ` ${BILLING_METRIC_UNITS[line.metric]}` : '';
  return line.per === 1 ? rate : `${rate} / ${line.per.toLocaleString('en-US')}${unit}`;
}

/** 12500.000 → "12,500"; 1.500 → "1.5". */
function quantityText(quantity: string): string {
  const [whole = '0', fraction = ''] = quantity.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${trimmed ? `.${trimmed}` : ''}`;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.displayNumber ?? BILLING_TEXTS.draftWatermark}`,
      Author: 'Cuepoint',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // A draft says so across every page, behind what is written on it.
  const watermark = () => {
    if (invoice.status !== 'draft') return;
    doc.save();
    doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc
      .fillColor('#cccccc')
      .fillOpacity(0.5)
      .font('Helvetica-Bold')
      .fontSize(150)
      .text(BILLING_TEXTS.draftWatermark, 0, doc.page.height / 2 - 75, {
        width: doc.page.width,
        align: 'center',
        lineBreak: false,
      });
    doc.restore();
    doc.fillOpacity(1);
  };
  watermark();

  // Header: the seller on the left, the document on the right.
  doc.fillColor(PINK).font('Helvetica-Bold').fontSize(22).text(SELLER[0]!, left, 50);
  doc.fillColor(GREY).font('Helvetica').fontSize(9).text(SELLER[1]!, left, 76);
  const title = INVOICE_KIND_LABELS[invoice.kind].toUpperCase();
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(title, left, 50, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(invoice.displayNumber ?? BILLING_TEXTS.draftWatermark, left, 76, { width, align: 'right' });

  // Facts and bill-to.
  let y = 120;
  const facts: [string, string][] = [
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
    ['Issued', day(invoice.issuedAt)],
    ['Due', day(invoice.dueAt)],
    ['Period', `${invoice.periodStart} – ${invoice.periodEnd}`],
    ['Plan', invoice.plan === 'enterprise' ? 'Enterprise' : 'Standard'],
  ];
  if (invoice.creditForNumber) facts.push(['Credits', invoice.creditForNumber]);
  if (invoice.paidAt) facts.push(['Paid', day(invoice.paidAt)]);
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', left, y);
  const billTo = [
    invoice.billTo.company,
    invoice.billTo.name !== invoice.billTo.company ? invoice.billTo.name : undefined,
    invoice.billTo.email,
    invoice.billTo.paymentCustomerId ? `Customer id ${invoice.billTo.paymentCustomerId}` : undefined,
  ].filter((line): line is string => Boolean(line));
  doc.font('Helvetica').fontSize(10);
  billTo.forEach((line, i) => {
    doc.text(line, left, y + 16 + i * 14, { width: width / 2 });
  });
  facts.forEach(([label, value], i) => {
    doc.font('Helvetica-Bold').text(label, left + width / 2, y + i * 14, { width: 90 });
    doc
      .font('Helvetica')
      .text(value, left + width / 2 + 90, y + i * 14, { width: width / 2 - 90, align: 'right' });
  });
  y += Math.max(16 + billTo.length * 14, facts.length * 14) + 24;

  // Lines.
  const cols = [
    { label: 'Description', x: left, w: width * 0.46, align: 'left' as const },
    { label: 'Quantity', x: left + width * 0.46, w: width * 0.16, align: 'right' as const },
    { label: 'Rate', x: left + width * 0.62, w: width * 0.2, align: 'right' as const },
    { label: 'Amount', x: left + width * 0.82, w: width * 0.18, align: 'right' as const },
  ];
  doc.rect(left, y - 4, width, 20).fill(LIGHT);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(9);
  for (const col of cols) doc.text(col.label, col.x + 4, y + 2, { width: col.w - 8, align: col.align });
  y += 22;
  doc.font('Helvetica').fontSize(9);
  for (const line of invoice.lines) {
    const cells = [
      line.description,
      quantityText(line.quantity),
      rateText(invoice, line),
      formatMinor(line.amountMinor, invoice.currency),
    ];
    const height = Math.max(
      14,
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: cols[i]!.w - 8 })),
    );
    if (y + height > doc.page.height - 160) {
      doc.addPage();
      watermark();
      doc.fillColor('#000000').font('Helvetica').fontSize(9);
      y = 50;
    }
    cells.forEach((cell, i) => {
      doc.text(cell, cols[i]!.x + 4, y, { width: cols[i]!.w - 8, align: cols[i]!.align });
    });
    y += height + 6;
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .strokeColor(LIGHT)
      .lineWidth(0.5)
      .stroke();
  }

  // Totals.
  y += 8;
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatMinor(invoice.subtotalMinor, invoice.currency), false],
    [
      `Tax (${(invoice.taxRateBp / 100).toFixed(2)}%)`,
      formatMinor(invoice.taxMinor, invoice.currency),
      false,
    ],
    ['Total', formatMinor(invoice.totalMinor, invoice.currency), true],
  ];
  if (invoice.kind === 'invoice' && invoice.creditedMinor > 0)
    totals.push(['Credited', formatMinor(-invoice.creditedMinor, invoice.currency), false]);
  if (invoice.kind === 'invoice' && invoice.paidMinor > 0)
    totals.push(['Paid', formatMinor(-invoice.paidMinor, invoice.currency), false]);
  if (invoice.kind === 'invoice' && invoice.status !== 'draft')
    totals.push([
      'Balance due',
      formatMinor(
        Math.max(0, invoice.totalMinor - invoice.paidMinor - invoice.creditedMinor),
        invoice.currency,
      ),
      true,
    ]);
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(label, left + width * 0.5, y, { width: width * 0.3 });
    doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    y += bold ? 18 : 15;
  }

  if (invoice.note) {
    y += 12;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(invoice.kind === 'credit_note' ? 'Reason' : 'Note', left, y);
    doc.font('Helvetica').text(invoice.note, left, y + 13, { width });
  }
  doc
    .fillColor(GREY)
    .font('Helvetica')
    .fontSize(8)
    .text(
      `All amounts in ${invoice.currency}. Please quote ${invoice.displayNumber ?? 'the invoice number'} with your payment.`,
      left,
      doc.page.height - 70,
      { width, align: 'center', lineBreak: false },
    );
  doc.end();
  return done;
}

/** The PDF's file name: INV-000001.pdf (a draft: draft-<id>.pdf). */
export const pdfFileName = (invoice: Invoice) => `${invoice.displayNumber ?? `draft-${invoice.id}`}.pdf`;
