import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { professionalMessages } from '../../src/shared/professional/messages';
import { PHOTO_MAX_BYTES, RESUME_MAX_BYTES } from '../../src/shared/professional/files';
import { professionals, storedFiles } from '../../src/server/db/schema';
import { serverForFile } from '../support/marketplace-fixtures';
import { signedInProfessional, type SignedIn } from '../support/professional-session';
import {
  fileForm,
  largePdf,
  largePng,
  PDF_BYTES,
  PNG_BYTES,
  SVG_BYTES,
} from '../support/sample-files';
import type { ApiResult, TestServer } from '../support/test-server';

/**
 * Hostile uploads (photo and resume): content that does not match its name or type, oversized
 * files, path tricks and control characters in names, SVG with script. Each is refused with the
 * product's message and leaves the profile, the file rows and the upload directory as they were,
 * or is stored under a clean name and served with a safe type, `nosniff` and a disposition.
 */

let server: TestServer;
let pro: SignedIn;

serverForFile(async (started) => {
  server = started;
  pro = await signedInProfessional(server, 'hygienist');
});

const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
  Buffer.alloc(48, 0),
  Buffer.from('This program cannot be run in DOS mode.\r\r\n$', 'latin1'),
  Buffer.alloc(512, 0),
]);
const HTML_BYTES = Buffer.from(
  '<!DOCTYPE html><html><body><script>fetch("/api/session")</script></body></html>',
);
const SVG_ONLOAD_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="1" height="1"/></svg>',
);
/** A real PDF header followed by HTML: accepted as a PDF, and must never render as a page. */
const PDF_HTML_POLYGLOT = Buffer.concat([PDF_BYTES, HTML_BYTES]);

const upload = (kind: 'photo' | 'resume', bytes: Uint8Array, name: string, type: string) =>
  pro.client.raw('POST', `/api/professional/${kind}`, fileForm(bytes, name, type));

async function profileState() {
  const [row] = await server.services.db
    .select({ photo: professionals.photoFileId, resume: professionals.resumeFileId })
    .from(professionals)
    .where(eq(professionals.userId, pro.userId));
  const files = await server.services.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(eq(storedFiles.ownerUserId, pro.userId));
  return { row: row ?? null, files: files.map((f) => f.id).sort(), stored: uploadedPaths() };
}

/** Every file under the upload directory (relative paths). */
function uploadedPaths(): string[] {
  const root = path.join(server.services.env.dataDir, 'uploads');
  try {
    return (
      readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
    )
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

function expectRefused(res: ApiResult, status: number, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body.error.message).toBe(message);
}

async function fetchFile(id: string) {
  const res = await pro.client.get(`/api/files/${id}`);
  expect(res.status).toBe(200);
  return res;
}

/** The file name parameters of a Content-Disposition header. */
function dispositionOf(header: string | null) {
  expect(header).toBeTruthy();
  const match = /^(inline|attachment); filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(header!);
  expect(match, header!).not.toBeNull();
  return { type: match![1], ascii: match![2]!, utf8: decodeURIComponent(match![3]!) };
}

// Bidirectional overrides and other invisible format characters that can disguise a name.
const UNSAFE_NAME_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"\\/]/;

describe('content that does not match its name or type is refused and changes nothing', () => {
  const cases: Array<[string, 'photo' | 'resume', Uint8Array, string, string, string]> = [
    [
      'an .exe named résumé.pdf',
      'resume',
      EXE_BYTES,
      'résumé.pdf',
      'application/pdf',
      professionalMessages.resumeWrongType,
    ],
    [
      'HTML named résumé.pdf',
      'resume',
      HTML_BYTES,
      'résumé.pdf',
      'application/pdf',
      professionalMessages.resumeWrongType,
    ],
    [
      'an SVG with script named résumé.pdf',
      'resume',
      SVG_BYTES,
      'résumé.pdf',
      'application/pdf',
      professionalMessages.resumeWrongType,
    ],
    [
      'a PNG named résumé.docx',
      'resume',
      PNG_BYTES,
      'résumé.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      professionalMessages.resumeWrongType,
    ],
    [
      'a PDF named photo.jpg',
      'photo',
      PDF_BYTES,
      'photo.jpg',
      'image/jpeg',
      professionalMessages.photoWrongType,
    ],
    [
      'an SVG with script as the photo',
      'photo',
      SVG_BYTES,
      'photo.svg',
      'image/svg+xml',
      professionalMessages.photoWrongType,
    ],
    [
      'an SVG with onload named photo.png',
      'photo',
      SVG_ONLOAD_BYTES,
      'photo.png',
      'image/png',
      professionalMessages.photoWrongType,
    ],
    [
      'HTML named photo.png',
      'photo',
      HTML_BYTES,
      'photo.png',
      'image/png',
      professionalMessages.photoWrongType,
    ],
    [
      'an .exe named photo.gif',
      'photo',
      EXE_BYTES,
      'photo.gif',
      'image/gif',
      professionalMessages.photoWrongType,
    ],
  ];

  it.each(cases)('%s', async (_label, kind, bytes, name, type, message) => {
    const before = await profileState();
    expectRefused(await upload(kind, bytes, name, type), 400, message);
    expect(await profileState()).toEqual(before);
  });
});

describe('oversized files are refused with the product message and change nothing', () => {
  it.each([
    [
      'photo',
      largePng(PHOTO_MAX_BYTES + 1),
      'big.png',
      'image/png',
      professionalMessages.photoTooLarge,
    ],
    [
      'photo',
      largePng(PHOTO_MAX_BYTES * 3),
      'huge.png',
      'image/png',
      professionalMessages.photoTooLarge,
    ],
    [
      'resume',
      largePdf(RESUME_MAX_BYTES + 1),
      'big.pdf',
      'application/pdf',
      professionalMessages.resumeTooLarge,
    ],
    [
      'resume',
      largePdf(RESUME_MAX_BYTES * 2),
      'huge.pdf',
      'application/pdf',
      professionalMessages.resumeTooLarge,
    ],
  ] as const)('%s, case %#', async (kind, bytes, name, type, message) => {
    const before = await profileState();
    expectRefused(await upload(kind, bytes, name, type), 413, message);
    expect(await profileState()).toEqual(before);
  });

  it('refuses an oversized photo sent without a length (chunked), as it streams', async () => {
    const before = await profileState();
    const form = fileForm(largePng(PHOTO_MAX_BYTES * 2), 'stream.png', 'image/png');
    const encoded = new Response(form);
    const cookie = [...pro.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.url}/api/professional/photo`, {
      method: 'POST',
      body: encoded.body,
      duplex: 'half',
      headers: {
        origin: server.url,
        cookie,
        'content-type': encoded.headers.get('content-type')!,
      },
    } as RequestInit).catch((error: unknown) => error as Error);
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect((await res.json()).error.message).toBe(professionalMessages.photoTooLarge);
    }
    expect(await profileState()).toEqual(before);
  });
});

describe('names are cleaned: no paths, control or direction characters, bounded length', () => {
  const names: Array<[string, string, RegExp]> = [
    ['../../etc/passwd', 'resume', /^passwd\.pdf$/],
    ['..\\..\\windows\\system32\\evil.pdf', 'resume', /^evil\.pdf$/],
    ['/etc/../../root/.ssh/id_rsa.pdf', 'resume', /^id_rsa\.pdf$/],
    ['..', 'resume', /^resume\.pdf$/],
    ['.htaccess', 'resume', /^htaccess\.pdf$/],
    ['résumé\u0000.exe.pdf', 'resume', /^résumé(\.exe)?\.pdf$/],
    ['cv\u202Efdp.exe', 'resume', /^cvfdp\.pdf$/],
    ['photo\u202Egnp.exe', 'photo', /^photognp\.png$/],
    ['a\u200Bb\u2066c\uFEFF.pdf', 'resume', /^abc\.pdf$/],
    ['a"; filename="evil.html', 'resume', /^a; filename=evil\.pdf$/],
    ['x'.repeat(5_000) + '.pdf', 'resume', /^x{1,120}\.pdf$/],
    ['a'.repeat(109) + '🦷'.repeat(50) + '.pdf', 'resume', /^a{109}(🦷)*\.pdf$/u],
    ['🦷'.repeat(300) + '.png', 'photo', /^(🦷)+\.png$/u],
  ];

  it.each(names)('%j', async (name, kind, expected) => {
    const bytes = kind === 'photo' ? PNG_BYTES : PDF_BYTES;
    const res = await upload(
      kind as 'photo' | 'resume',
      bytes,
      name,
      kind === 'photo' ? 'image/png' : 'application/pdf',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = res.body[kind];
    expect(file.name).toMatch(expected);
    expect(file.name).not.toMatch(UNSAFE_NAME_CHARS);
    expect(file.name.isWellFormed?.() ?? true).toBe(true);
    expect([...file.name].length).toBeLessThanOrEqual(125);

    const [row] = await server.services.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, file.id));
    expect(row!.storageKey).not.toMatch(/\.\.|\/\/|\\/);
    expect(row!.storageKey).not.toContain('\u0000');
    expect(
      row!.storageKey.startsWith(
        kind === 'photo' ? `profile-photos/${pro.userId}/` : `professionals/${pro.userId}/`,
      ),
    ).toBe(true);
    for (const stored of uploadedPaths()) expect(stored).not.toMatch(/\.\./);

    const served = await fetchFile(file.id);
    const disposition = dispositionOf(served.headers.get('content-disposition'));
    expect(disposition.type).toBe(kind === 'photo' ? 'inline' : 'attachment');
    expect(disposition.utf8).toBe(file.name);
    expect(disposition.ascii).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(served.headers.get('x-evil')).toBeNull();
  });
});

describe('stored files are served with safe types, nosniff and a disposition', () => {
  let polyglotId: string;
  let photoId: string;

  beforeAll(async () => {
    const resume = await upload('resume', PDF_HTML_POLYGLOT, 'page.html', 'text/html');
    expect(resume.status, JSON.stringify(resume.body)).toBe(200);
    polyglotId = resume.body.resume.id;
    const photo = await upload('photo', PNG_BYTES, 'me.svg', 'image/svg+xml');
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    photoId = photo.body.photo.id;
  });

  it('serves a PDF that carries HTML as a PDF download, never as a page', async () => {
    const res = await fetchFile(polyglotId);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dispositionOf(res.headers.get('content-disposition'))).toMatchObject({
      type: 'attachment',
      utf8: 'page.pdf',
    });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves a photo by the type of its content, whatever its name or claimed type', async () => {
    const res = await fetchFile(photoId);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dispositionOf(res.headers.get('content-disposition'))).toMatchObject({
      type: 'inline',
      utf8: 'me.png',
    });
  });

  it('answers ids that are not files with 404 and a message, never a path', async () => {
    for (const id of [
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      '00000000-0000-0000-0000-000000000000',
      'x'.repeat(2000),
    ]) {
      const res = await pro.client.get(`/api/files/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(professionalMessages.fileNotFound);
    }
  });
});
