/**
 * `npm run admin:create -- --name "<full name>" <email> [--password <password>]`: creates a
 * platform staff (admin) account for the screening console at /admin, in the database the server
 * uses (DATABASE_URL, or the embedded one in DATA_DIR/db: stop the server first, the embedded
 * database has one user at a time). The name is the staff member's own: the console shows it on
 * their decisions. Without --password a strong one is generated and printed once. An address
 * that already has an account is refused; nothing is promoted.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAuth } from '../src/server/auth/auth';
import { createPaymentProvider } from '../src/server/payments/create-payment-provider';
import { createSmsProvider } from '../src/server/sms/create-sms-provider';
import { createBankLink } from '../src/server/bank-link/create-bank-link';
import { openDatabase, type DatabaseTarget } from '../src/server/db/client';
import { ConfigError, loadEnv, type Env } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import type { ServiceContext } from '../src/server/services/context';
import { DomainError } from '../src/server/services/domain-error';
import { createAdminAccount } from '../src/server/services/screening/create-admin-account';
import { createFileStorage } from '../src/server/storage/create-file-storage';
import { systemClock } from '../src/server/clock';

export const adminCreateUsage =
  'Usage: npm run admin:create -- --name "<full name>" <email> [--password <password>]';

export interface AdminCreateArgs {
  email: string;
  name: string;
  password: string | undefined;
}

/**
 * Reads `--name <name> <email> [--password <pw>]` in any order (also `--name=<name>`,
 * `--password=<pw>`); throws a usage message. The name is required: the console shows it on
 * the new admin's decisions.
 */
export function parseAdminCreateArgs(argv: readonly string[]): AdminCreateArgs {
  let email: string | undefined;
  let name: string | undefined;
  let password: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--password' || arg === '--name') {
      const value = argv[i + 1];
      if (value === undefined) throw new Error(`${arg} needs a value.\n${adminCreateUsage}`);
      if (arg === '--name') name = value;
      else password = value;
      i += 1;
    } else if (arg.startsWith('--password=')) {
      password = arg.slice('--password='.length);
    } else if (arg.startsWith('--name=')) {
      name = arg.slice('--name='.length);
    } else if (arg.startsWith('-')) {
      throw new Error(`Unknown option ${arg}.\n${adminCreateUsage}`);
    } else if (email === undefined) {
      email = arg;
    } else {
      throw new Error(
        `Only one e-mail address, please (a name with spaces goes in quotes).\n${adminCreateUsage}`,
      );
    }
  }
  if (!email) throw new Error(adminCreateUsage);
  if (!name?.trim()) {
    throw new Error(
      `Please give the staff member's name with --name (the console shows it on their decisions).\n${adminCreateUsage}`,
    );
  }
  return { email, name, password };
}

/** Creates the admin and returns the lines to print (the generated password appears once). */
export async function adminCreate(ctx: ServiceContext, argv: readonly string[]): Promise<string[]> {
  const args = parseAdminCreateArgs(argv);
  const created = await createAdminAccount(ctx, {
    email: args.email,
    name: args.name,
    password: args.password,
  });
  const lines = [`Admin account created: ${args.name.trim()} <${created.email}>`];
  if (created.generatedPassword) {
    lines.push(`Password (shown once, keep it safe): ${created.password}`);
  }
  lines.push(`Sign in at ${ctx.env.publicUrl}/admin/login`);
  return lines;
}

/** Opens the configured database (migrating it), wires what account creation needs, runs. */
export async function runAdminCreateCommand(
  argv: readonly string[],
  env: Env,
  database?: DatabaseTarget,
): Promise<string[]> {
  const handle = await openDatabase(
    database ??
      (env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') }),
  );
  try {
    await handle.migrate();
    const auth = createAuth({
      db: handle.db,
      secret: env.authSecret,
      publicUrl: env.publicUrl,
      trustedOrigins: [env.publicUrl],
      secureCookies: env.isProduction,
      onEmailQueued: () => {},
    });
    const ctx: ServiceContext = {
      db: handle.db,
      auth,
      env,
      logger: createLogger(env.logLevel === 'info' ? 'warn' : env.logLevel),
      bankLink: createBankLink(env),
      storage: createFileStorage(env),
      payments: createPaymentProvider(env),
      sms: createSmsProvider(env, path.join(env.dataDir, 'mail')),
      clock: systemClock,
    };
    return await adminCreate(ctx, argv);
  } finally {
    await handle.close();
  }
}

async function main() {
  try {
    const env = loadEnv();
    const lines = await runAdminCreateCommand(process.argv.slice(2), env);
    console.log(lines.join('\n'));
  } catch (error) {
    if (error instanceof ConfigError) console.error(`ChairFill cannot start.\n${error.message}`);
    else if (error instanceof DomainError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
