/**
 * Starts ChairFill for the browser tests (Playwright's webServer runs this): the built web app
 * (dist/client, from `npm run build`), a temporary data directory, and a fresh database: PGlite in
 * memory, or a new database on the PostgreSQL server named by DATABASE_URL. SIGTERM/SIGINT stop
 * the server, drop that database and remove the directory.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv } from '../../src/server/env';
import { defaultClientDir, startServer, type RunningServer } from '../../src/server/server';
import { ensureAdminAccounts } from '../../src/server/services/screening/ensure-admin-accounts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';

const port = process.env.E2E_PORT || '4173';
const E2E_ADMIN_EMAIL = 'admin@e2e.chairfill.example.com';
/** The e2e admin's own name: the screening console shows it on their decisions. */
const E2E_ADMIN_NAME = 'Dana Reyes';

async function main(): Promise<void> {
  if (!existsSync(path.join(defaultClientDir, 'app.html'))) {
    console.error(
      `[e2e-server] The web app is not built: ${path.join(defaultClientDir, 'app.html')} is missing.\n` +
        `[e2e-server] Run \`npm run build\` before the end-to-end tests (\`npm test\` does it for you).`,
    );
    process.exit(1);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-e2e-'));
  let database: TestDatabase | undefined;
  let server: RunningServer | undefined;
  let stopping: Promise<void> | undefined;

  const cleanUp = () => {
    stopping ??= (async () => {
      // A connection still open (a request cut off by a test timeout) would hold close() forever;
      // Playwright SIGKILLs us 15 s after SIGTERM, so give it 5 s, then clean up regardless.
      try {
        const closing = server?.close();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), 5_000);
        });
        if ((await Promise.race([closing, timedOut])) === 'timeout') {
          console.error('[e2e-server] connections still open after 5 s; stopping anyway');
        }
        clearTimeout(timer);
      } catch (error) {
        console.error('[e2e-server] closing the server failed:', error);
      }
      try {
        await database?.drop();
      } catch (error) {
        console.error('[e2e-server] dropping the test database failed:', error);
      }
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  const stop = (signal: NodeJS.Signals) => {
    void cleanUp().then(() => process.exit(signal === 'SIGINT' ? 130 : 0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  try {
    database = await createTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'test',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '200',
      PUBLIC_URL: `http://localhost:${port}`,
      // The screening console's tests sign in as this admin (password set through its reset e-mail).
      ADMIN_EMAILS: `${E2E_ADMIN_NAME} <${E2E_ADMIN_EMAIL}>`,
    });
    server = await startServer({ env, database: database.target });
    await ensureAdminAccounts(server.services);
  } catch (error) {
    console.error('[e2e-server] ChairFill failed to start:', error);
    await cleanUp();
    process.exit(1);
  }
  console.log(
    `[e2e-server] ChairFill is running at ${server.url} (${database.engine}, data in ${dataDir})`,
  );
}

void main();
