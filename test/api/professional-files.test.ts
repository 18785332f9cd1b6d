import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { genericErrors } from '../../src/shared/messages';
import { PHOTO_MAX_BYTES, RESUME_MAX_BYTES } from '../../src/shared/professional/files';
import { professionalMessages } from '../../src/shared/professional/messages';
import { professionals, storedFiles } from '../../src/server/db/schema';
import {
  signedInPractice,
  signedInProfessional,
  type SignedIn,
} from '../support/professional-session';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';
import {
  DOC_BYTES,
  DOCX_BYTES,
  fileForm,
  GIF_BYTES,
  largePdf,
  largePng,
  OTHER_CFB_BYTES,
  PDF_BYTES,
  PLAIN_ZIP_BYTES,
  PNG_BYTES,
  SVG_BYTES,
  XLSX_BYTES,
} from '../support/sample-files';
import { startTestServer, type TestServer } from '../support/test-server';

const adapters = ['local', 's3'] as const;

describe.each(adapters)('uploads with the %s storage adapter', (adapter) => {
  let server: TestServer;
  let s3: S3TestServer | undefined;

  beforeAll(async () => {
    if (adapter === 's3') s3 = await startS3TestServer();
    server = await startTestServer(s3 ? s3.env : {});
    expect(server.services.storage.kind).toBe(adapter);
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  const upload = (pro: SignedIn, kind: 'photo' | 'resume', form: FormData) =>
    pro.client.raw('POST', `/api/professional/${kind}`, form);

  async function profileRow(userId: string) {
    const [row] = await server.services.db
      .select()
      .from(professionals)
      .where(eq(professionals.userId, userId));
    return row!;
  }

  async function filesOf(userId: string) {
    return server.services.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, userId));
  }

  async function bytesAt(key: string): Promise<Buffer | null> {
    const object = await server.services.storage.get(key);
    return object ? Buffer.from(await new Response(object.body).arrayBuffer()) : null;
  }

  it('saves a photo under profile-photos/{uid}/, shows its URL, and serves it inline to its owner', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const res = await upload(pro, 'photo', fileForm(PNG_BYTES, 'me.png', 'image/png'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.photo).toMatchObject({
      contentType: 'image/png',
      sizeBytes: PNG_BYTES.length,
      name: 'me.png',
    });
    expect(res.body.photo.url).toBe(`/api/files/${res.body.photo.id}`);

    const [file] = await filesOf(pro.userId);
    expect(file!.storageKey).toBe(`profile-photos/${pro.userId}/profile-photo-${file!.id}`);
    expect(file!.kind).toBe('photo');
    expect((await bytesAt(file!.storageKey))!.equals(PNG_BYTES)).toBe(true);
    expect((await profileRow(pro.userId)).photoFileId).toBe(file!.id);

    const served = await pro.client.get(res.body.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="me.png"/);
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');

    const again = await pro.client.get('/api/professional/profile');
    expect(again.body.photo.id).toBe(res.body.photo.id);
  });

  it('serves the exact bytes it stored', async () => {
    const pro = await signedInProfessional(server, 'assistant');
    const res = await upload(pro, 'photo', fileForm(GIF_BYTES, 'me.gif', 'image/gif'));
    const response = await fetch(`${server.url}${res.body.photo.url}`, {
      headers: { cookie: [...pro.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(GIF_BYTES)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/gif');
  });

  it('replaces the previous photo: new file saved, old row and bytes deleted', async () => {
    const pro = await signedInProfessional(server, 'front-desk');
    const first = await upload(pro, 'photo', fileForm(PNG_BYTES, 'one.png', 'image/png'));
    const [old] = await filesOf(pro.userId);
    const second = await upload(pro, 'photo', fileForm(GIF_BYTES, 'two.gif', 'image/gif'));
    expect(second.status).toBe(200);
    expect(second.body.photo.id).not.toBe(first.body.photo.id);
    const files = await filesOf(pro.userId);
    expect(files.map((f) => f.id)).toEqual([second.body.photo.id]);
    expect(await bytesAt(old!.storageKey)).toBeNull();
    expect((await pro.client.get(first.body.photo.url)).status).toBe(404);
    expect((await pro.client.get(second.body.photo.url)).status).toBe(200);
  });

  it('takes the type from the content, not the name: a GIF named photo.png is served as a GIF', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const res = await upload(pro, 'photo', fileForm(GIF_BYTES, 'photo.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.photo.contentType).toBe('image/gif');
    expect(res.body.photo.name).toBe('photo.gif');
  });

  const badPhotos: Array<[string, Buffer, string, string]> = [
    ['a PDF named photo.png', PDF_BYTES, 'photo.png', 'image/png'],
    [
      'text named photo.jpg',
      Buffer.from('just some text, not an image'),
      'photo.jpg',
      'image/jpeg',
    ],
    ['an SVG (scripts)', SVG_BYTES, 'photo.svg', 'image/svg+xml'],
  ];
  it.each(badPhotos)(
    'refuses %s as a photo and changes nothing',
    async (_name, bytes, name, type) => {
      const pro = await signedInProfessional(server, 'hygienist');
      const before = await profileRow(pro.userId);
      const res = await upload(pro, 'photo', fileForm(bytes, name, type));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(professionalMessages.photoWrongType);
      expect(await filesOf(pro.userId)).toEqual([]);
      expect(await profileRow(pro.userId)).toEqual(before);
    },
  );

  it('refuses a photo over 5 MB with 413 and keeps the previous one', async () => {
    const pro = await signedInProfessional(server, 'assistant');
    const ok = await upload(pro, 'photo', fileForm(PNG_BYTES, 'ok.png', 'image/png'));
    const res = await upload(
      pro,
      'photo',
      fileForm(largePng(PHOTO_MAX_BYTES + 1), 'big.png', 'image/png'),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(professionalMessages.photoTooLarge);
    const files = await filesOf(pro.userId);
    expect(files.map((f) => f.id)).toEqual([ok.body.photo.id]);
    expect((await profileRow(pro.userId)).photoFileId).toBe(ok.body.photo.id);
  });

  it('accepts a photo of exactly 5 MB', async () => {
    const pro = await signedInProfessional(server, 'assistant');
    const res = await upload(
      pro,
      'photo',
      fileForm(largePng(PHOTO_MAX_BYTES), 'max.png', 'image/png'),
    );
    expect(res.status).toBe(200);
    expect(res.body.photo.sizeBytes).toBe(PHOTO_MAX_BYTES);
  });

  it('refuses a request far over the limit before reading it all (413, with the photo message)', async () => {
    const pro = await signedInProfessional(server, 'assistant');
    const res = await upload(
      pro,
      'photo',
      fileForm(largePng(8 * 1024 * 1024), 'huge.png', 'image/png'),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(professionalMessages.photoTooLarge);
  });

  it('asks for a file when none is sent', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const empty = new FormData();
    empty.append('note', 'no file here');
    const res = await upload(pro, 'photo', empty);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(professionalMessages.fileMissing);
    const json = await pro.client.post('/api/professional/photo', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe(professionalMessages.fileMissing);
  });

  const resumeCases: Array<[ProfessionalRole, Buffer, string, string, string]> = [
    ['hygienist', PDF_BYTES, 'My Résumé 2025.pdf', 'application/pdf', 'professionals'],
    [
      'assistant',
      DOCX_BYTES,
      'cv.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'professionals',
    ],
    ['front-desk', DOC_BYTES, 'cv.doc', 'application/msword', 'resumes'],
  ];
  it.each(resumeCases)(
    'saves a %s resume (%s) under the spec path and serves it as a download',
    async (role, bytes, name, type, prefix) => {
      const pro = await signedInProfessional(server, role);
      const res = await upload(pro, 'resume', fileForm(bytes, name, type));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.resume.contentType).toBe(type);
      expect(res.body.resume.name).toBe(name);
      const [file] = await filesOf(pro.userId);
      expect(file!.kind).toBe('resume');
      expect(file!.storageKey.startsWith(`${prefix}/${pro.userId}/${file!.id}-`)).toBe(true);
      expect(file!.storageKey).toMatch(/^[A-Za-z0-9/._-]+$/);
      expect((await bytesAt(file!.storageKey))!.equals(bytes)).toBe(true);

      const served = await pro.client.get(res.body.resume.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(served.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    },
  );

  const badResumes: Array<[string, Buffer, string, string]> = [
    ['a PNG named resume.pdf', PNG_BYTES, 'resume.pdf', 'application/pdf'],
    [
      'a spreadsheet named resume.docx',
      XLSX_BYTES,
      'resume.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['a plain zip named resume.docx', PLAIN_ZIP_BYTES, 'resume.docx', 'application/zip'],
    [
      'a non-Word compound file named resume.doc',
      OTHER_CFB_BYTES,
      'resume.doc',
      'application/msword',
    ],
    ['text named resume.pdf', Buffer.from('%PDX not really'), 'resume.pdf', 'application/pdf'],
  ];
  it.each(badResumes)(
    'refuses %s as a resume and changes nothing',
    async (_name, bytes, name, type) => {
      const pro = await signedInProfessional(server, 'assistant');
      const res = await upload(pro, 'resume', fileForm(bytes, name, type));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(professionalMessages.resumeWrongType);
      expect(await filesOf(pro.userId)).toEqual([]);
      expect((await profileRow(pro.userId)).resumeFileId).toBeNull();
    },
  );

  it('refuses a resume over 10 MB with 413', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const res = await upload(
      pro,
      'resume',
      fileForm(largePdf(RESUME_MAX_BYTES + 1), 'big.pdf', 'application/pdf'),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(professionalMessages.resumeTooLarge);
    expect(await filesOf(pro.userId)).toEqual([]);
  });

  it('replaces the previous resume', async () => {
    const pro = await signedInProfessional(server, 'hygienist');
    const first = await upload(pro, 'resume', fileForm(PDF_BYTES, 'cv.pdf', 'application/pdf'));
    const second = await upload(pro, 'resume', fileForm(PDF_BYTES, 'cv.pdf', 'application/pdf'));
    expect(second.status).toBe(200);
    expect((await filesOf(pro.userId)).map((f) => f.id)).toEqual([second.body.resume.id]);
    expect((await pro.client.get(first.body.resume.url)).status).toBe(404);
  });

  it('serves a file only to its owner: another professional and a practice get 403, a visitor 401', async () => {
    const owner = await signedInProfessional(server, 'hygienist');
    const photo = await upload(owner, 'photo', fileForm(PNG_BYTES, 'me.png', 'image/png'));
    const resume = await upload(owner, 'resume', fileForm(PDF_BYTES, 'cv.pdf', 'application/pdf'));
    const other = await signedInProfessional(server, 'hygienist');
    const practice = await signedInPractice(server);
    for (const url of [photo.body.photo.url, resume.body.resume.url]) {
      const stranger = await other.client.get(url);
      expect(stranger.status).toBe(403);
      expect(stranger.body.error.message).toBe(genericErrors.forbidden);
      expect((await practice.client.get(url)).status).toBe(403);
      expect((await server.client().get(url)).status).toBe(401);
      expect((await owner.client.get(url)).status).toBe(200);
    }
    expect((await owner.client.get('/api/files/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await owner.client.get('/api/files/not-a-uuid')).status).toBe(404);
    expect((await owner.client.get('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('refuses uploads from a practice (403) and a signed-out visitor (401), storing nothing', async () => {
    const practice = await signedInPractice(server);
    for (const kind of ['photo', 'resume'] as const) {
      const form = fileForm(
        kind === 'photo' ? PNG_BYTES : PDF_BYTES,
        'f',
        'application/octet-stream',
      );
      expect((await practice.client.raw('POST', `/api/professional/${kind}`, form)).status).toBe(
        403,
      );
      const out = await server.client().raw('POST', `/api/professional/${kind}`, form);
      expect(out.status).toBe(401);
    }
    expect(await filesOf(practice.userId)).toEqual([]);
  });

  it('keeps one professional’s upload from touching another’s profile', async () => {
    const alice = await signedInProfessional(server, 'assistant');
    const bob = await signedInProfessional(server, 'assistant');
    const bobPhoto = await upload(bob, 'photo', fileForm(PNG_BYTES, 'bob.png', 'image/png'));
    await upload(alice, 'photo', fileForm(GIF_BYTES, 'alice.gif', 'image/gif'));
    expect((await profileRow(bob.userId)).photoFileId).toBe(bobPhoto.body.photo.id);
    expect((await bob.client.get(bobPhoto.body.photo.url)).status).toBe(200);
  });
});
