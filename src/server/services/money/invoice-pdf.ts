import PDFDocument from 'pdfkit';

/** One row of an invoice or receipt; every value comes formatted (money and dates have one home). */
export interface InvoicePdfLine {
  date: string;
  description: string;
  hours: string;
  rate: string;
  amount: string;
  fee: string;
  total: string;
  status: string;
}

export interface InvoicePdfInput {
  title: 'Invoice' | 'Receipt';
  number: string;
  issuedOn: string;
  period: string;
  status: string;
  practice: { name: string; addressLines: string[]; email: string };
  lines: InvoicePdfLine[];
  totals: { amount: string; fees: string; total: string; paid: string; due: string };
  notes: string[];
}

const MARGIN = 48;
const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#0e7490';

/** The table's columns: header, width (points) and which field fills it. */
const columns: Array<{
  header: string;
  width: number;
  key: keyof InvoicePdfLine;
  align?: 'right';
}> = [
  { header: 'Date', width: 70, key: 'date' },
  { header: 'Shift', width: 128, key: 'description' },
  { header: 'Hours', width: 62, key: 'hours' },
  { header: 'Rate', width: 54, key: 'rate', align: 'right' },
  { header: 'Pay', width: 56, key: 'amount', align: 'right' },
  { header: 'Fee', width: 46, key: 'fee', align: 'right' },
  { header: 'Total', width: 52, key: 'total', align: 'right' },
  { header: 'Status', width: 48, key: 'status' },
];
const GAP = 0;
const FONT_SIZE = 8.5;

/**
 * An invoice or a receipt as a Letter-size PDF (pdfkit, its built-in Helvetica): the header, who
 * is billed, a table of lines that continues on new pages with its header repeated, the totals,
 * notes and 'Page k of N' on every page. Made in memory; nothing is written to disk.
 */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${input.title} ${input.number}`, Author: 'ChairFill' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;

  // Header: the brand, the title and number, the facts of the document.
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text('ChairFill', left, MARGIN);
  doc
    .fillColor(INK)
    .fontSize(16)
    .text(`${input.title} ${input.number}`, left, MARGIN, {
      align: 'right',
      width: right - left,
    });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  const facts: Array<[string, string]> = [
    ['Issued', input.issuedOn],
    [input.title === 'Invoice' ? 'Week' : 'Shift date', input.period],
    ['Status', input.status],
  ];
  for (const [label, value] of facts) {
    doc.text(`${label}: ${value}`, left, doc.y, { align: 'right', width: right - left });
  }
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fillColor(INK).fontSize(10).text('Billed to', left);
  doc.font('Helvetica').fillColor(INK);
  for (const line of [input.practice.name, ...input.practice.addressLines, input.practice.email]) {
    if (line.trim()) doc.text(line, left);
  }
  doc.moveDown(1);

  const drawHeader = () => {
    let x = left;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor(INK);
    for (const column of columns) {
      doc.text(column.header, x, y, { width: column.width - 4, align: column.align ?? 'left' });
      x += column.width + GAP;
    }
    const below = y + doc.currentLineHeight() + 4;
    doc.moveTo(left, below).lineTo(right, below).strokeColor('#cbd5e1').lineWidth(0.8).stroke();
    doc.y = below + 4;
  };

  const rowHeight = (line: InvoicePdfLine) =>
    Math.max(
      ...columns.map((column) => doc.heightOfString(line[column.key], { width: column.width - 4 })),
    );

  drawHeader();
  doc.font('Helvetica').fontSize(FONT_SIZE);
  for (const line of input.lines) {
    const height = rowHeight(line);
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      drawHeader();
      doc.font('Helvetica').fontSize(FONT_SIZE);
    }
    const y = doc.y;
    let x = left;
    doc.fillColor(INK);
    for (const column of columns) {
      doc.text(line[column.key], x, y, { width: column.width - 4, align: column.align ?? 'left' });
      x += column.width + GAP;
    }
    doc.y = y + height + 4;
  }

  // Totals, kept together on one page.
  const totals: Array<[string, string]> = [
    ['Shift pay', input.totals.amount],
    ['ChairFill fees', input.totals.fees],
    ['Total', input.totals.total],
    ['Paid', input.totals.paid],
    ['Amount due', input.totals.due],
  ];
  const notesHeight = input.notes.length * 14 + 24;
  if (doc.y + totals.length * 15 + notesHeight > bottom()) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#cbd5e1').lineWidth(0.8).stroke();
  doc.moveDown(0.5);
  for (const [label, value] of totals) {
    const bold = label === 'Total' || label === 'Amount due';
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(`${label}: ${value}`, left, doc.y, { align: 'right', width: right - left });
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const note of input.notes) doc.text(note, left, doc.y, { width: right - left });

  // Page numbers on every page, within the bottom margin.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`Page ${index + 1} of ${range.count}`, left, doc.page.height - MARGIN - 10, {
      width: right - left,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
