import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { createFileStorage } from '../../src/server/storage/create-file-storage';
import { assertSafeKey, type FileStorage } from '../../src/server/storage/file-storage';
import { LocalDirectoryStorage } from '../../src/server/storage/local-directory-storage';
import { S3Storage } from '../../src/server/storage/s3-storage';
import { PNG_BYTES } from '../support/sample-files';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

let s3: S3TestServer;
let localRoot: string;
const adapters: Record<string, () => FileStorage> = {};

beforeAll(async () => {
  s3 = await startS3TestServer();
  localRoot = mkdtempSync(path.join(tmpdir(), 'chairfill-storage-'));
  adapters.local = () => new LocalDirectoryStorage(localRoot);
  adapters.s3 = () =>
    new S3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
});

afterAll(async () => {
  await s3?.stop();
  if (localRoot) rmSync(localRoot, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage adapter', (name) => {
  const storage = () => adapters[name]!();

  it('stores bytes and reads them back unchanged, with their content type', async () => {
    const store = storage();
    const key = `profile-photos/user-1/profile-photo-${randomBytes(4).toString('hex')}`;
    await store.put(key, PNG_BYTES, 'image/png');
    const object = await store.get(key);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/png');
    expect(object!.size).toBe(PNG_BYTES.length);
    expect((await readAll(object!.body)).equals(PNG_BYTES)).toBe(true);
  });

  it('keeps a 3 MB binary file byte for byte (no checksum framing stored with it)', async () => {
    const store = storage();
    const bytes = randomBytes(3 * 1024 * 1024);
    const key = `professionals/user-2/${randomBytes(4).toString('hex')}-resume.pdf`;
    await store.put(key, bytes, 'application/pdf');
    const object = await store.get(key);
    expect(object!.size).toBe(bytes.length);
    expect((await readAll(object!.body)).equals(bytes)).toBe(true);
  });

  it('replaces an object written twice at the same key', async () => {
    const store = storage();
    const key = `resumes/user-3/${randomBytes(4).toString('hex')}-cv.pdf`;
    await store.put(key, Buffer.from('first'), 'text/plain');
    await store.put(key, Buffer.from('second'), 'text/plain');
    expect((await readAll((await store.get(key))!.body)).toString()).toBe('second');
  });

  it('answers null for a missing key, deletes, and deleting twice is fine', async () => {
    const store = storage();
    const key = `profile-photos/user-4/profile-photo-${randomBytes(4).toString('hex')}`;
    expect(await store.get(key)).toBeNull();
    await store.put(key, PNG_BYTES, 'image/png');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it.each(['../escape', 'a/../../b', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'with space', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      const store = storage();
      await expect(store.put(key, PNG_BYTES, 'image/png')).rejects.toThrow(/Invalid storage key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid storage key/);
    },
  );
});

describe('local directory adapter', () => {
  it('writes only inside its root directory', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'chairfill-storage-root-'));
    const store = new LocalDirectoryStorage(path.join(root, 'uploads'));
    await store.put('profile-photos/u/profile-photo-1', PNG_BYTES, 'image/png');
    expect(existsSync(path.join(root, 'uploads/profile-photos/u/profile-photo-1'))).toBe(true);
    await expect(store.put('../outside', PNG_BYTES, 'image/png')).rejects.toThrow();
    expect(readdirSync(root)).toEqual(['uploads']);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('assertSafeKey', () => {
  it('accepts the spec paths with ids and sanitised names', () => {
    expect(() => assertSafeKey('profile-photos/abc/profile-photo-123')).not.toThrow();
    expect(() => assertSafeKey('professionals/abc/123-My_Resume.v2.pdf')).not.toThrow();
    expect(() => assertSafeKey('resumes/abc/123-cv.docx')).not.toThrow();
  });
});

describe('createFileStorage', () => {
  const base = {
    NODE_ENV: 'test',
    BETTER_AUTH_SECRET: 'x'.repeat(40),
    DATA_DIR: tmpdir(),
  };

  it('uses the local directory when S3_BUCKET is not set', () => {
    expect(createFileStorage(loadEnv(base)).kind).toBe('local');
  });

  it('uses S3 when S3_BUCKET is set', () => {
    const storage = createFileStorage(loadEnv({ ...base, ...s3.env }));
    expect(storage.kind).toBe('s3');
    (storage as S3Storage).close();
  });

  it('refuses half a pair of S3 keys and a bad endpoint', () => {
    expect(() => loadEnv({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ ...base, S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must be an http/,
    );
  });
});
