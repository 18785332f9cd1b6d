import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The standard fonts pdfjs-dist ships (Helvetica's metrics), read from the installed package. */
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/**
 * A PDF's text as a reader sees it: per page, and as lines (the text items on one baseline joined
 * by a space, left to right), with the document's title. pdfjs-dist's Node build, no worker.
 */
export async function readPdfText(
  pdf: Uint8Array,
): Promise<{ pages: string[]; lines: string[]; title: string | undefined }> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useWorkerFetch: false,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const rows = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5]);
      const row = [...rows.keys()].find((key) => Math.abs(key - y) <= 2) ?? y;
      rows.set(row, [...(rows.get(row) ?? []), { x: item.transform[4], text: item.str }]);
    }
    const pageLines = [...rows.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, items]) =>
        items
          .sort((a, b) => a.x - b.x)
          .map((item) => item.text.trim())
          .join(' '),
      );
    pages.push(pageLines.join('\n'));
    lines.push(...pageLines);
  }
  const metadata = await document.getMetadata();
  const title = (metadata.info as { Title?: string } | undefined)?.Title;
  await document.destroy();
  return { pages, lines, title };
}
