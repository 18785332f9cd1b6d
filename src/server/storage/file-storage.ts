/** The bytes of an object read back from storage. */
export interface StoredObject {
  /** The object's bytes as a web stream (pipe it into a Response). */
  body: ReadableStream<Uint8Array>;
  /** The content type the object was stored with. */
  contentType: string;
  size: number;
}

/**
 * Where uploaded bytes live: a local directory by default, an S3-compatible bucket when
 * configured. Metadata (owner, kind, sniffed type) is in the `stored_files` table; nothing here is
 * ever listed or served directly: files reach people only through GET /api/files/:id.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) the object at `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object at `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are slash-separated segments of letters, digits, '.', '_' and '-'; never '.' or '..'. */
const SEGMENT = /^[A-Za-z0-9._-]{1,200}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws unless `key` is a safe relative key (no traversal, no absolute path, no odd bytes). */
export function assertSafeKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) {
    throw new InvalidStorageKeyError(String(key));
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new InvalidStorageKeyError(key);
    }
  }
}
