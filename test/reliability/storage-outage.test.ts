import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionals } from '../../src/server/db/schema';
import { S3_IDLE_TIMEOUT_MS } from '../../src/server/storage/s3-storage';
import { genericErrors } from '../../src/shared/messages';
import { professionalMessages } from '../../src/shared/professional/messages';
import { createDatabaseDigest, type DatabaseDigest } from '../support/database-digest';
import { signedInProfessional, type SignedIn } from '../support/professional-session';
import { startS3FaultProxy, type S3Behaviour, type S3FaultProxy } from '../support/s3-fault-proxy';
import {
  S3_TEST_ACCESS_KEY,
  S3_TEST_SECRET_KEY,
  startS3TestServer,
  type S3TestServer,
} from '../support/s3-test-server';
import { DOCX_BYTES, fileForm, GIF_BYTES, PDF_BYTES, PNG_BYTES } from '../support/sample-files';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * S3 unreachable: ChairFill stores uploads in a real S3-compatible server (s3rver) reached through
 * a loopback endpoint this test can close (connection refused), make answer 500, or make hang.
 * In each case a photo or résumé upload is answered 503 with the product's message (spec section
 * 8: 'Failed to upload photo' / 'Failed to upload file'), never a 500; the database is unchanged
 * (digest of every table) and no object is left in the bucket. When S3 is back the upload works.
 */

let s3: S3TestServer;
let proxy: S3FaultProxy;
let server: TestServer;
let pro: SignedIn;
let bucketClient: S3Client;
let digest: () => Promise<DatabaseDigest>;

async function profileFiles() {
  const [row] = await server.services.db
    .select({ photo: professionals.photoFileId, resume: professionals.resumeFileId })
    .from(professionals)
    .where(eq(professionals.userId, pro.userId));
  return row!;
}

/** Every object key in the bucket, read from s3rver directly (not through the proxy). */
async function bucketKeys(): Promise<string[]> {
  const listed = await bucketClient.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const uploadPhoto = (bytes: Uint8Array = GIF_BYTES) =>
  pro.client.raw('POST', '/api/professional/photo', fileForm(bytes, 'me.gif', 'image/gif'));
const uploadResume = (bytes: Uint8Array = DOCX_BYTES, name = 'cv.docx') =>
  pro.client.raw(
    'POST',
    '/api/professional/resume',
    fileForm(bytes, name, 'application/octet-stream'),
  );

beforeAll(async () => {
  s3 = await startS3TestServer();
  proxy = await startS3FaultProxy(s3.endpoint);
  server = await startTestServer({ ...s3.env, S3_ENDPOINT: proxy.endpoint });
  expect(server.services.storage.kind).toBe('s3');
  bucketClient = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_TEST_ACCESS_KEY, secretAccessKey: S3_TEST_SECRET_KEY },
  });
  pro = await signedInProfessional(server, 'hygienist');
  // The professional already has a photo and a résumé, stored while S3 was fine.
  expect(
    (
      await pro.client.raw(
        'POST',
        '/api/professional/photo',
        fileForm(PNG_BYTES, 'a.png', 'image/png'),
      )
    ).status,
  ).toBe(200);
  expect((await uploadResume(PDF_BYTES, 'first.pdf')).status).toBe(200);
  digest = await createDatabaseDigest(server.services.db);
}, 60_000);

afterAll(async () => {
  bucketClient?.destroy();
  await server?.stop();
  await proxy?.close();
  await s3?.stop();
});

describe(`S3 unreachable, failing or hanging (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const faults: Array<[S3Behaviour, string, number]> = [
    ['down', 'nothing listens on the S3 port', 20_000],
    ['error', 'S3 answers 500 InternalError', 20_000],
    // The SDK gives up on a silent socket after S3_IDLE_TIMEOUT_MS and retries (26 s alone,
    // about 40 s for two at once on a busy machine).
    ['silent', 'S3 accepts the request and never answers', 4 * S3_IDLE_TIMEOUT_MS + 20_000],
  ];

  it.each(faults)(
    'when %s (%s), uploads fail with the product message and change nothing',
    async (behaviour, _what, bound) => {
      const filesBefore = await profileFiles();
      const profileBefore = (await pro.client.get('/api/professional/profile')).body;
      const digestBefore = await digest();
      const keysBefore = await bucketKeys();
      expect(filesBefore.photo).not.toBeNull();
      expect(filesBefore.resume).not.toBeNull();

      await proxy.set(behaviour);
      const started = Date.now();
      const [photo, resume] = await Promise.all([uploadPhoto(), uploadResume()]);
      const tookMs = Date.now() - started;
      console.info(`[storage-outage] ${behaviour}: both uploads answered in ${tookMs} ms`);
      await proxy.set('up');

      expect(photo.status).toBe(503);
      expect(photo.body.error.message).toBe(professionalMessages.photoUploadFailed);
      expect(resume.status).toBe(503);
      expect(resume.body.error.message).toBe(professionalMessages.uploadFailed);
      expect(tookMs).toBeLessThan(bound);
      if (behaviour !== 'down') expect(proxy.requests[behaviour]).toBeGreaterThan(0);

      // The profile still points at the same files, the database is as it was, the bucket too.
      expect(await profileFiles()).toEqual(filesBefore);
      expect((await pro.client.get('/api/professional/profile')).body).toEqual(profileBefore);
      expect(await digest()).toEqual(digestBefore);
      expect(await bucketKeys()).toEqual(keysBefore);
    },
    90_000,
  );

  it('reading a stored file while S3 is down is a 503 with a clear message, not a 500', async () => {
    const profile = (await pro.client.get('/api/professional/profile')).body;
    await proxy.set('down');
    const res = await pro.client.get(profile.resume.url);
    await proxy.set('up');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(genericErrors.unavailable);
    expect((await pro.client.get(profile.resume.url)).status).toBe(200);
  });

  it('once S3 is back, the same uploads work and replace the previous files', async () => {
    const before = await profileFiles();
    const [photo, resume] = await Promise.all([uploadPhoto(), uploadResume()]);
    expect(photo.status).toBe(200);
    expect(resume.status).toBe(200);
    const after = await profileFiles();
    expect(after.photo).not.toBe(before.photo);
    expect(after.resume).not.toBe(before.resume);
    expect(resume.body.resume.name).toBe('cv.docx');
    // The new bytes are in the bucket and served back; the previous objects were removed.
    const served = await pro.client.get(resume.body.resume.url);
    expect(served.status).toBe(200);
    expect(await bucketKeys()).toHaveLength(2);
  });
});
