import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Invoice } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { invoicePdf, pdfFileName } from '../pdf.ts';

const run = promisify(execFile);

const INVOICE: Invoice = {
  id: '2f0c6a8e-6a55-4b8e-9a43-1d3c0f7a1b11',
  kind: 'invoice',
  number: 42,
  displayNumber: 'INV-000042',
  status: 'issued',
  customerId: '9d1f7d36-9a3c-4d55-8a6f-0e6a9a3c2b10',
  customerName: 'Demo Broadcasting',
  periodStart: '2026-06-01',
  periodEnd: '2026-06-30',
  currency: 'USD',
  plan: 'standard',
  billTo: {
    name: 'Dana Demo',
    email: 'demo@cuepoint.example',
    company: 'Demo Broadcasting',
    paymentCustomerId: 'cus_demo',
  },
  lines: [
    {
      position: 1,
      kind: 'usage',
      metric: 'impressions',
      description: 'Ad impressions',
      quantity: '1513.000',
      rateMinor: 50,
      per: 1000,
      amountMinor: 76,
    },
    {
      position: 2,
      kind: 'usage',
      metric: 'viewer_hours',
      description: 'Stitched viewer hours',
      quantity: '5.000',
      rateMinor: 2,
      per: 1,
      amountMinor: 10,
    },
    {
      position: 3,
      kind: 'usage',
      metric: 'live_channels',
      description: 'Live channels',
      quantity: '2.000',
      rateMinor: 9900,
      per: 1,
      amountMinor: 19_800,
    },
    {
      position: 4,
      kind: 'usage',
      metric: 'vod_hours',
      description: 'VOD hours stored',
      quantity: '1.500',
      rateMinor: 100,
      per: 1,
      amountMinor: 150,
    },
    {
      position: 5,
      kind: 'manual',
      metric: null,
      description: 'Onboarding workshop',
      quantity: '1.000',
      rateMinor: 25_000,
      per: 1,
      amountMinor: 25_000,
    },
  ],
  subtotalMinor: 45_036,
  taxRateBp: 2000,
  taxMinor: 9007,
  totalMinor: 54_043,
  paidMinor: 10_000,
  creditedMinor: 0,
  creditFor: null,
  creditForNumber: null,
  note: 'Thank you for your business.',
  createdAt: '2026-07-01T09:00:00.000Z',
  issuedAt: '2026-07-01T09:00:00.000Z',
  dueAt: '2026-07-31T09:00:00.000Z',
  paidAt: null,
  voidedAt: null,
};

/** Renders a page (the first by default) at 40 dpi in grey (PGM: a header, then one byte per pixel) and as a PNG beside it. */
async function render(pdf: Buffer, name: string, page = 1) {
  const dir = await mkdtemp(join(tmpdir(), 'cuepoint-pdf-'));
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const only = ['-f', String(page), '-l', String(page)];
  try {
    await run('pdftoppm', [...only, '-r', '40', '-gray', '-singlefile', file, join(dir, name)]);
    await run('pdftoppm', [...only, '-r', '60', '-png', '-singlefile', file, join(dir, name)]);
  } catch (err) {
    throw new Error(`pdftoppm (Debian poppler-utils) is needed to render the PDF: ${String(err)}`);
  }
  const pgm = await readFile(join(dir, `${name}.pgm`));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const png = await readFile(join(dir, `${name}.png`));
  return { width, height, pixels, png, pngPath: join(dir, `${name}.png`) };
}

/** Share of pixels darker than `below` in a box given in fractions of the page. */
function inkShare(
  image: { width: number; height: number; pixels: Buffer },
  box: [number, number, number, number],
  below = 250,
) {
  const [x0, y0, x1, y1] = box;
  let ink = 0;
  let all = 0;
  for (let y = Math.floor(y0 * image.height); y < Math.floor(y1 * image.height); y++)
    for (let x = Math.floor(x0 * image.width); x < Math.floor(x1 * image.width); x++) {
      all++;
      if (image.pixels[y * image.width + x]! < below) ink++;
    }
  return ink / all;
}

describe('invoice PDF', () => {
  it('renders an A4 page with the header, the lines and the totals (checked as pixels)', async () => {
    const pdf = await invoicePdf(INVOICE);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const image = await render(pdf, 'issued');
    // A4 at 40 dpi: 331 × 468 pixels.
    expect([image.width, image.height]).toEqual([331, 468]);
    expect(image.png.subarray(1, 4).toString()).toBe('PNG');
    // Not blank: ink in the header, the table and the totals; the page's lower part stays white.
    expect(inkShare(image, [0, 0, 1, 0.12])).toBeGreaterThan(0.01);
    expect(inkShare(image, [0, 0.3, 1, 0.45])).toBeGreaterThan(0.01);
    expect(inkShare(image, [0.5, 0.45, 1, 0.6])).toBeGreaterThan(0.005);
    expect(inkShare(image, [0, 0.7, 1, 0.9])).toBeLessThan(0.001);
    // No watermark on an issued invoice: the middle left of the page is white.
    expect(inkShare(image, [0.05, 0.62, 0.45, 0.8])).toBe(0);
  });

  it('watermarks a draft DRAFT across the page', async () => {
    const draft = await render(
      await invoicePdf({
        ...INVOICE,
        status: 'draft',
        number: null,
        displayNumber: null,
        issuedAt: null,
        dueAt: null,
      }),
      'draft',
    );
    // The light grey diagonal letters cover the middle of the page, where an issued one is white.
    expect(inkShare(draft, [0.05, 0.62, 0.45, 0.8])).toBeGreaterThan(0.05);
  });

  it('watermarks every page of a long draft, the lines going on from page to page', async () => {
    const lines = Array.from({ length: 25 }, (_, i) => ({
      ...INVOICE.lines[0]!,
      position: i + 1,
      kind: 'manual' as const,
      metric: null,
      description: `Line ${i + 1}`,
    }));
    const pdf = await invoicePdf({
      ...INVOICE,
      lines,
      status: 'draft',
      number: null,
      displayNumber: null,
      issuedAt: null,
      dueAt: null,
    });
    const second = await render(pdf, 'draft-page-2', 2);
    expect([second.width, second.height]).toEqual([331, 468]);
    // Page 2 carries lines at its top and the diagonal letters through its middle.
    expect(inkShare(second, [0, 0, 1, 0.2])).toBeGreaterThan(0.01);
    expect(inkShare(second, [0.05, 0.62, 0.45, 0.8])).toBeGreaterThan(0.05);
  });

  it('names the file after the number, a draft after its id', () => {
    expect(pdfFileName(INVOICE)).toBe('INV-000042.pdf');
    expect(pdfFileName({ ...INVOICE, displayNumber: null })).toBe(`draft-${INVOICE.id}.pdf`);
  });
});
