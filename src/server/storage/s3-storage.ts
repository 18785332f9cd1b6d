import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage, type StoredObject } from './file-storage';

/**
 * How long one S3 request may take. Without limits the SDK waits forever on a server that
 * accepts the connection and never answers, and the person uploading waits with it. The SDK
 * retries a timed-out or failed request, so a silent bucket fails an upload in about half a
 * minute (test/reliability/storage-outage.test.ts measures it); a refused one at once.
 */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
/** A socket with no traffic for this long is given up (the request is retried). */
export const S3_IDLE_TIMEOUT_MS = 10_000;
/** The longest one request may take in all (a 10 MB résumé over a slow link). */
export const S3_REQUEST_TIMEOUT_MS = 60_000;

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, a local test server); AWS when absent. */
  endpoint?: string;
  /** Both or neither; without them the SDK's default credential chain is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * Files in an S3-compatible bucket. Objects are written without any ACL, so they stay private to
 * the bucket owner (ChairFill); people reach them only through GET /api/files/:id.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Without these, recent SDKs add flexible checksums (aws-chunked bodies) that several
      // S3-compatible servers store verbatim, corrupting the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: S3_CONNECT_TIMEOUT_MS,
        socketTimeout: S3_IDLE_TIMEOUT_MS,
        requestTimeout: S3_REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!result.Body) return null;
      return {
        body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        contentType: result.ContentType ?? 'application/octet-stream',
        size: result.ContentLength ?? 0,
      };
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the SDK's sockets. */
  close(): void {
    this.client.destroy();
  }
}
