import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv } from '../../src/server/env';
import { startServer, type RunningServer } from '../../src/server/server';
import { keptAnswersFor } from '../../src/server/services/kept-answers';
import { createTestDatabase } from './test-database';

export interface TestServer extends RunningServer {
  /** A client with its own cookie jar, sending our Origin like a browser would. */
  client(): ApiClient;
  stop(): Promise<void>;
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  get<T = any>(path: string): Promise<ApiResult<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiResult<T>>;
  put<T = any>(path: string, body?: unknown): Promise<ApiResult<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<ApiResult<T>>;
  delete<T = any>(path: string): Promise<ApiResult<T>>;
  /** Sends a raw body with the given content type. */
  raw<T = any>(
    method: string,
    path: string,
    body: BodyInit,
    headers?: Record<string, string>,
  ): Promise<ApiResult<T>>;
  /** GET whose body is a stream that does not end (live updates): status and headers only. */
  peek(path: string): Promise<ApiResult>;
  /** GET as bytes (PDFs and other downloads). */
  download(path: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }>;
  cookies: Map<string, string>;
}

/** Starts the real server on a free port over a fresh database and a temporary data directory. */
export async function startTestServer(
  envOverrides: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-test-'));
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    MAIL_POLL_MS: '100',
    ...envOverrides,
  });
  const server = await startServer({
    env,
    database: database.target,
    clientDir: path.join(dataDir, 'no-client'),
  });
  return {
    ...server,
    client: () => clientOf(server),
    async stop() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A client of `server` as a test reads it. A test's own writes straight to the database (seeding,
 * moving shifts in time) are announced to the server on commit like any other, but they arrive on
 * their own connection: each request first waits until they are heard, as the server does itself
 * after each state-changing API request (services/kept-answers.ts). Notices are composed after the
 * commit (notifications/notice-worker.ts): each request first has the ones queued so far
 * delivered, and so does each change once answered, so a test reads them as a person would a
 * moment later (test/api/notice-queue.test.ts proves the worker delivers them by itself).
 */
export function clientOf(server: RunningServer): ApiClient {
  const kept = keptAnswersFor(server.services.db);
  const heard = async () => {
    await server.deliverQueuedNotices();
    await kept.catchUp(server.services.db);
  };
  return createClient(server.url, heard, () => server.deliverQueuedNotices());
}

export function createClient(
  baseUrl: string,
  beforeEachRequest: () => Promise<void> = async () => {},
  afterEachChange: () => Promise<void> = async () => {},
): ApiClient {
  const cookies = new Map<string, string>();
  const send = async (
    method: string,
    path: string,
    body?: BodyInit,
    headers: Record<string, string> = {},
  ) => {
    await beforeEachRequest();
    const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      body,
      redirect: 'manual',
      headers: { origin: baseUrl, ...(cookieHeader ? { cookie: cookieHeader } : {}), ...headers },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired || value.join('=') === '') cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value.join('='));
    }
    // A stream that does not end (live updates) is answered by its status and headers: reading
    // it whole would wait for ever (a fuzzed request may be answered with one; see `peek`).
    if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: null, headers: response.headers };
    }
    const text = await response.text();
    if (method !== 'GET') await afterEachChange();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed as any, headers: response.headers };
  };
  const json = (method: string) => (path: string, body?: unknown) =>
    send(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? {} : { 'content-type': 'application/json' },
    );
  return {
    get: (path) => send('GET', path),
    post: json('POST'),
    put: json('PUT'),
    patch: json('PATCH'),
    delete: (path) => send('DELETE', path),
    raw: (method, path, body, headers) => send(method, path, body, headers),
    async peek(path) {
      await beforeEachRequest();
      const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}${path}`, {
        signal: controller.signal,
        headers: { origin: baseUrl, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      });
      if (response.ok) {
        controller.abort();
        return { status: response.status, body: null, headers: response.headers };
      }
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    async download(path) {
      await beforeEachRequest();
      const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(`${baseUrl}${path}`, {
        redirect: 'manual',
        headers: { origin: baseUrl, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      });
      return {
        status: response.status,
        headers: response.headers,
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },
    cookies,
  };
}
