import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, type FileStorage, type StoredObject } from './file-storage';

/** The content type is kept next to the bytes, in `<file>.meta.json` (the bytes are never served as-is). */
interface Meta {
  contentType: string;
}

/**
 * Files under a local directory (DATA_DIR/uploads by default). Keys map to paths below the root
 * and are checked so no key can reach outside it. The directory is not served by the web server.
 */
export class LocalDirectoryStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathFor(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error('storage key escapes the root');
    return full;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathFor(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, bytes, { mode: 0o600 });
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType } satisfies Meta), {
        mode: 0o600,
      });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathFor(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let contentType = 'application/octet-stream';
    try {
      contentType = (JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as Meta).contentType;
    } catch {
      /* no metadata: octet-stream */
    }
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return { body, contentType, size };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    await rm(file, { force: true });
    await rm(`${file}.meta.json`, { force: true });
  }
}
