import path from 'node:path';
import type { Env } from '../env';
import type { FileStorage } from './file-storage';
import { LocalDirectoryStorage } from './local-directory-storage';
import { S3Storage } from './s3-storage';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export function createFileStorage(env: Env): FileStorage {
  if (env.s3) return new S3Storage(env.s3);
  return new LocalDirectoryStorage(path.join(env.dataDir, 'uploads'));
}
