import { describe, expect, it } from 'vitest';
import {
  renderInvoicePdf,
  type InvoicePdfInput,
  type InvoicePdfLine,
} from '../../src/server/services/money/invoice-pdf';
import { readPdfText } from '../support/read-pdf-text';

function line(n: number, overrides: Partial<InvoicePdfLine> = {}): InvoicePdfLine {
  return {
    date: 'Mon, Nov 16',
    description: `Hygienist · Professional ${n}`,
    hours: '7 h 30 min',
    rate: '$55.00/hr',
    amount: '$412.50',
    fee: '$61.88',
    total: '$474.38',
    status: 'Paid',
    ...overrides,
  };
}

function invoice(lines: InvoicePdfLine[]): InvoicePdfInput {
  return {
    title: 'Invoice',
    number: 'CF-2026-W47-3F9A1C22',
    issuedOn: 'Mon, Nov 23',
    period: 'Mon, Nov 16 – Sun, Nov 22',
    status: 'Paid',
    practice: {
      name: 'Harbor & Sons <Dental> Café',
      addressLines: ['12 Elm Street', 'Paramus, NJ 07652'],
      email: 'office@harbor.example.com',
    },
    lines,
    totals: { amount: '$412.50', fees: '$61.88', total: '$474.38', paid: '$474.38', due: '$0.00' },
    notes: ['ChairFill’s fee is 15% of the shift amount.'],
  };
}

describe('invoice PDF', () => {
  it('has the header, who is billed, each line on one row, the totals and the notes', async () => {
    const pdf = await renderInvoicePdf(invoice([line(1), line(2, { status: 'Payment failed' })]));
    const text = await readPdfText(pdf);
    expect(text.title).toBe('Invoice CF-2026-W47-3F9A1C22');
    const all = text.lines.join('\n');
    expect(all).toContain('Invoice CF-2026-W47-3F9A1C22');
    expect(all).toContain('Harbor & Sons <Dental> Café');
    expect(all).toContain('Paramus, NJ 07652');
    expect(text.lines).toContain(
      'Mon, Nov 16 Hygienist · Professional 1 7 h 30 min $55.00/hr $412.50 $61.88 $474.38 Paid',
    );
    expect(all).toContain('Amount due: $0.00');
    expect(all).toContain('ChairFill’s fee is 15% of the shift amount.');
    expect(all).toContain('Page 1 of 1');
  });

  it('continues on new pages with the table header repeated, each line once', async () => {
    const many = Array.from({ length: 150 }, (_, i) => line(i + 1));
    const text = await readPdfText(await renderInvoicePdf(invoice(many)));
    expect(text.pages.length).toBeGreaterThan(2);
    text.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${text.pages.length}`);
      if (index < text.pages.length - 1 || page.includes('Professional')) {
        expect(page).toMatch(/Date Shift Hours Rate Pay Fee Total Status/);
      }
    });
    for (let n = 1; n <= 150; n++) {
      const found = text.lines.filter((l) => l.includes(`Professional ${n} `));
      expect(found, `line ${n}`).toHaveLength(1);
    }
  });
});
