import { deflateRawSync, crc32 } from 'node:zlib';

/** A 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1x1 GIF. */
export const GIF_BYTES = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** A minimal one-page PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n' +
    'xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \n' +
    'trailer<</Size 4/Root 1 0 R>>\nstartxref\n160\n%%EOF\n',
);

export const SVG_BYTES = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);

/** A zip (stored entries, no compression needed by readers) built from name -> content. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const compressed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

const contentTypes = (main: string) =>
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/${main}" ContentType="${
    main.startsWith('word/')
      ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'
  }"/></Types>`;

/** A minimal Word (OOXML) document. */
export const DOCX_BYTES = zip({
  '[Content_Types].xml': contentTypes('word/document.xml'),
  'word/document.xml':
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Resume</w:t></w:r></w:p></w:body></w:document>',
});

/** A spreadsheet (OOXML) with a .docx name would be refused: it is not a Word document. */
export const XLSX_BYTES = zip({
  '[Content_Types].xml': contentTypes('xl/workbook.xml'),
  'xl/workbook.xml': '<?xml version="1.0"?><workbook/>',
});

/** A plain zip archive. */
export const PLAIN_ZIP_BYTES = zip({ 'notes.txt': 'hello' });

/** The start of a Word 97-2003 compound file: the CFB signature and a 'WordDocument' stream name. */
export const DOC_BYTES = (() => {
  const bytes = Buffer.alloc(2048);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes, 0);
  bytes.writeUInt16LE(0x003e, 24);
  bytes.writeUInt16LE(0x0003, 26);
  bytes.writeUInt16LE(0xfffe, 28);
  bytes.writeUInt16LE(0x0009, 30);
  Buffer.from('WordDocument', 'utf16le').copy(bytes, 1024);
  return bytes;
})();

/** A compound file that is not a Word document (no WordDocument stream). */
export const OTHER_CFB_BYTES = (() => {
  const bytes = Buffer.from(DOC_BYTES);
  bytes.fill(0, 1024, 1100);
  Buffer.from('Workbook', 'utf16le').copy(bytes, 1024);
  return bytes;
})();

/** `size` bytes that start as a valid PNG (for limits). */
export function largePng(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0);
  PNG_BYTES.copy(bytes, 0);
  return bytes;
}

export function largePdf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  PDF_BYTES.copy(bytes, 0);
  return bytes;
}

/** A multipart body with one file under `file`. */
export function fileForm(bytes: Uint8Array, name: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
