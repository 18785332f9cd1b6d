import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed test credentials. */
export const S3_TEST_ACCESS_KEY = 'S3RVER';
export const S3_TEST_SECRET_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  directory: string;
  /** ChairFill's environment for this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free loopback port, over a temporary directory, with
 * one empty bucket. Only this machine's loopback address is used.
 */
export async function startS3TestServer(bucket = 'chairfill-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'chairfill-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_TEST_SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
