import { demoAccounts, DEMO_PASSWORD, seedDemoData } from './db/seed/demo-data';
import { ConfigError, loadEnv } from './env';
import { createLogger } from './logger';
import { startServer } from './server';
import { ensureAdminAccounts } from './services/screening/ensure-admin-accounts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`ChairFill cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.logLevel);
  const server = await startServer({ env, logger });

  if (env.demoData) {
    const created = await seedDemoData(server.services);
    const lines = demoAccounts.map(
      (a) => `  ${a.label.padEnd(17)} ${a.email.padEnd(40)} sign in at ${server.url}${a.portal}`,
    );
    console.log(
      `\nDemo accounts${created ? ' (created now)' : ''}, password "${DEMO_PASSWORD}":\n${lines.join('\n')}`,
    );
    if (!env.isProduction && !env.smtpUrl) {
      console.log(`  E-mails are saved on this machine: ${server.url}/dev/mailbox`);
    }
  }
  // After the demo data (which is only created in an empty database).
  const invitedAdmins = await ensureAdminAccounts(server.services);
  if (invitedAdmins.length > 0) {
    console.log(
      `\nAdmin accounts created from ADMIN_EMAILS (a password-reset e-mail was sent to each):\n${invitedAdmins.map((email) => `  ${email}`).join('\n')}`,
    );
  }
  const engine =
    server.database.engine === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL';
  console.log(`\nChairFill is running at ${server.url} (${engine})\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    await server.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error('ChairFill failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
