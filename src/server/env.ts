import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { feeBasisPointsSetting, lateCancelMinutesSetting } from '@shared/money/pay-terms';
import { isValidEmail, isValidNormalizedEmail } from '@shared/validation/email';
import { staffNameSchema, type StaffInvite } from '@shared/validation/staff-name';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A setting that may be left unset (or empty, or only spaces). */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined);

/** Another address for an outside service's API (tests, proxies), without a trailing slash. */
const optionalApiUrl = () =>
  z
    .string()
    .optional()
    .refine(
      (value) => !value || /^https?:\/\/[^\s]+$/.test(value),
      'must be an http:// or https:// URL',
    )
    .transform((value) => value?.replace(/\/+$/, '') || undefined);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65535, 'must be a whole number from 0 to 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value === '' || /^postgres(ql)?:\/\/[^\s]+$/.test(value),
        'must be a postgres:// or postgresql:// URL',
      )
      .refine((value) => {
        if (!value) return true;
        try {
          new URL(value);
          return true;
        } catch {
          return false;
        }
      }, 'is not a valid URL')
      .transform((value) => value || undefined),
    BETTER_AUTH_SECRET: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value === '' || value.length >= 32,
        'must be at least 32 characters long',
      )
      .transform((value) => value || undefined),
    PUBLIC_URL: z
      .string()
      .url('must be a URL such as https://chairfill.example.com')
      .optional()
      .transform((value) => value?.replace(/\/$/, '')),
    SMTP_URL: z
      .string()
      .optional()
      .refine(
        (value) => !value || /^smtps?:\/\/\S+$/.test(value),
        'must be an smtp:// or smtps:// URL',
      )
      .transform((value) => value || undefined),
    MAIL_FROM: z.string().min(3).default('ChairFill <no-reply@chairfill.example.com>'),
    CONTACT_EMAIL: z
      .string()
      .optional()
      .transform((value) => value?.trim() || 'support@chairfill.example.com')
      .refine(isValidEmail, 'must be an e-mail address'),
    DEMO_DATA: booleanFlag.optional(),
    BENCH_ROUTES: booleanFlag.optional(),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const { admins, problems } = parseAdminList(value ?? '');
        for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
        return admins;
      }),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    MAIL_POLL_MS: z.coerce.number().int().min(50).max(600000).default(2000),
    SMS_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds from 50 to 600000' })
      .int('must be a whole number of milliseconds from 50 to 600000')
      .min(50, 'must be a number of milliseconds from 50 to 600000')
      .max(600_000, 'must be a number of milliseconds from 50 to 600000')
      .default(2000),
    JOBS_POLL_MS: z.coerce
      .number({ error: 'must be 0 (off) or a number of milliseconds' })
      .int('must be 0 (off) or a whole number of milliseconds')
      .min(0, 'must be 0 (off) or a number of milliseconds')
      .max(3_600_000, 'must be at most 3600000 (one hour)')
      .optional(),
    MARKET_CLOCK: z
      .enum(['system', 'movable', ''], { error: 'must be system or movable' })
      .optional()
      .transform((value) => value || 'system'),
    MARKET_CLOCK_START: optionalText()
      .refine(
        (value) => !value || z.iso.datetime({ offset: true }).safeParse(value).success,
        'must be an ISO date and time, such as 2030-01-01T09:00:00Z',
      )
      .transform((value) => (value ? new Date(value) : undefined)),
    MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(100_000_000).default(1_000_000),
    TRUSTED_PROXY_HOPS: z.coerce
      .number({ error: 'must be 0 or the number of proxies in front of the server' })
      .int('must be 0 or the number of proxies in front of the server')
      .min(0, 'must be 0 or the number of proxies in front of the server')
      .max(10, 'must be at most 10')
      .default(0),
    UNREVIEWED_PRACTICE_OPEN_SHIFTS: z.coerce
      .number({ error: 'must be a whole number of shifts from 0 to 100' })
      .int('must be a whole number of shifts from 0 to 100')
      .min(0, 'must be a whole number of shifts from 0 to 100')
      .max(100, 'must be a whole number of shifts from 0 to 100')
      .default(5),
    PLAID_CLIENT_ID: optionalText(),
    PLAID_SECRET: optionalText(),
    PLAID_ENV: z
      .enum(['sandbox', 'development', 'production', ''], {
        error: 'must be sandbox, development or production',
      })
      .optional()
      .transform((value) => value || undefined),
    PLAID_API_URL: optionalApiUrl(),
    PLATFORM_FEE_PERCENT: z
      .string()
      .optional()
      .refine(
        (value) => feeBasisPointsSetting(value) !== null,
        'must be a percentage from 0 to 50 with at most two decimals, such as 15',
      )
      .transform((value) => feeBasisPointsSetting(value)!),
    LATE_CANCEL_HOURS: z
      .string()
      .optional()
      .refine(
        (value) => lateCancelMinutesSetting(value) !== null,
        'must be a number of hours from 0 to 12, such as 4',
      )
      .transform((value) => lateCancelMinutesSetting(value)!),
    STRIPE_SECRET_KEY: optionalText(),
    STRIPE_WEBHOOK_SECRET: optionalText(),
    STRIPE_API_URL: optionalApiUrl(),
    TWILIO_ACCOUNT_SID: optionalText().refine(
      (value) => !value || /^AC[0-9a-fA-F]{32}$/.test(value),
      'must be an Account SID: AC followed by 32 hexadecimal characters',
    ),
    TWILIO_AUTH_TOKEN: optionalText(),
    TWILIO_FROM: optionalText().refine(
      (value) => !value || /^\+[1-9]\d{7,14}$/.test(value),
      'must be a phone number in international form, such as +12015550123',
    ),
    TWILIO_MESSAGING_SERVICE_SID: optionalText().refine(
      (value) => !value || /^MG[0-9a-fA-F]{32}$/.test(value),
      'must be a Messaging Service SID: MG followed by 32 hexadecimal characters',
    ),
    TWILIO_API_URL: optionalApiUrl(),
    S3_BUCKET: optionalText(),
    S3_REGION: optionalText(),
    S3_ENDPOINT: z
      .string()
      .optional()
      .refine(
        (value) => !value || /^https?:\/\/[^\s]+$/.test(value.trim()),
        'must be an http:// or https:// URL',
      )
      .transform((value) => value?.trim().replace(/\/+$/, '') || undefined),
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    PUSH_POLL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(50, 'must be at least 50')
      .max(600000, 'must be at most 600000')
      .default(2000),
    VAPID_PUBLIC_KEY: optionalText().refine(
      (value) => !value || /^[A-Za-z0-9_-]{87}$/.test(value),
      'must be a P-256 public key in base64url (87 characters), as `npx web-push generate-vapid-keys` prints',
    ),
    VAPID_PRIVATE_KEY: optionalText().refine(
      (value) => !value || /^[A-Za-z0-9_-]{43}$/.test(value),
      'must be a P-256 private key in base64url (43 characters), as `npx web-push generate-vapid-keys` prints',
    ),
    VAPID_SUBJECT: optionalText().refine(
      (value) => !value || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
      'must be a mailto: address or an https:// URL',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required in production (the address users open, e.g. https://chairfill.example.com)',
      });
    }
    if (env.NODE_ENV === 'production' && env.MARKET_CLOCK === 'movable') {
      ctx.addIssue({
        code: 'custom',
        path: ['MARKET_CLOCK'],
        message: 'cannot be movable in production (a movable clock is for tests and simulations)',
      });
    }
    if (env.MARKET_CLOCK_START && env.MARKET_CLOCK !== 'movable') {
      ctx.addIssue({
        code: 'custom',
        path: ['MARKET_CLOCK_START'],
        message: 'is only read when MARKET_CLOCK=movable (the system clock starts at the present)',
      });
    }
    if (env.PLAID_CLIENT_ID && !env.PLAID_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLAID_SECRET'],
        message: 'is required when PLAID_CLIENT_ID is set',
      });
    }
    if (env.PLAID_SECRET && !env.PLAID_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLAID_CLIENT_ID'],
        message: 'is required when PLAID_SECRET is set',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set (the signing secret of the webhook)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'is required when the other VAPID key is set (set both or neither)',
      });
    }
    if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_AUTH_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_AUTH_TOKEN'],
        message: 'is required when TWILIO_ACCOUNT_SID is set',
      });
    }
    if (env.TWILIO_AUTH_TOKEN && !env.TWILIO_ACCOUNT_SID) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'is required when TWILIO_AUTH_TOKEN is set',
      });
    }
    if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_FROM'],
        message:
          'is required when TWILIO_ACCOUNT_SID is set (the number texts come from, such as +12015550123), unless TWILIO_MESSAGING_SERVICE_SID is set',
      });
    }
    if (env.TWILIO_FROM && env.TWILIO_MESSAGING_SERVICE_SID) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_MESSAGING_SERVICE_SID'],
        message: 'cannot be set together with TWILIO_FROM (set one of them)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'is required when the other S3 key is set (set both or neither)',
      });
    }
  });

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The support address (CONTACT_EMAIL): Reply-To of every e-mail, shown on the public pages. */
  contactEmail: string;
  demoData: boolean;
  /** The load benchmark's baseline routes under /api/bench (BENCH_ROUTES; off unless set). */
  benchRoutes: boolean;
  /**
   * Staff who get an admin account at start-up when they have none (ADMIN_EMAILS), each with the
   * name the console shows on their decisions ('' when the entry gave none).
   */
  admins: StaffInvite[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  mailPollMs: number;
  /** How often the SMS worker looks for texts to send (SMS_POLL_MS), besides being nudged. */
  smsPollMs: number;
  /** How often scheduled jobs are checked (JOBS_POLL_MS); 0 = this instance runs none. */
  jobsPollMs: number;
  /**
   * The market clock (MARKET_CLOCK, MARKET_CLOCK_START): the system's time, or, outside
   * production, a clock standing at `start` (default: the time the server starts) that the
   * development routes move forward (clock.ts).
   */
  marketClock: { kind: 'system' | 'movable'; start: Date | undefined };
  maxBodyBytes: number;
  /**
   * How many proxies in front of the server append the client's address to X-Forwarded-For
   * (TRUSTED_PROXY_HOPS); 0 = the header is ignored and the socket's address is the client's.
   */
  trustedProxyHops: number;
  /**
   * How many open shifts a practice ChairFill has not verified yet may hold
   * (UNREVIEWED_PRACTICE_OPEN_SHIFTS, default 5).
   */
  unreviewedPracticeOpenShifts: number;
  /** Plaid credentials; unset means the local sandbox bank widget. */
  plaid: PlaidConfig | undefined;
  /** S3-compatible file storage; unset means files under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Stripe Connect keys; unset means the offline payment sandbox. */
  stripe: StripeConfig | undefined;
  /** How often the push queue is checked besides being nudged (PUSH_POLL_MS). */
  pushPollMs: number;
  /**
   * The VAPID key pair push is signed with (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); unset means
   * the pair generated once into DATA_DIR/vapid-keys.json (push/vapid-keys.ts).
   */
  vapidKeys: VapidKeys | undefined;
  /** Who push services contact about our pushes (VAPID_SUBJECT; default mailto:CONTACT_EMAIL). */
  vapidSubject: string;
  /** Twilio credentials for text messages; unset means texts are saved to the dev mailbox. */
  twilio: TwilioConfig | undefined;
  /** ChairFill's fee and the late-cancellation amount in force (PLATFORM_FEE_PERCENT, LATE_CANCEL_HOURS). */
  money: { feeBasisPoints: number; lateCancelMinutes: number };
}

export interface VapidKeys {
  /** base64url, 65 bytes uncompressed P-256 point. */
  publicKey: string;
  /** base64url, 32 bytes. */
  privateKey: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Overrides Stripe's API address (tests against a local server). */
  apiUrl: string | undefined;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** Who texts come from: a Twilio number (E.164) or a Messaging Service. */
  sender: { from: string } | { messagingServiceSid: string };
  /** Overrides Twilio's API address (tests against a local server). */
  apiUrl: string | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface PlaidConfig {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'development' | 'production';
  /** Overrides the environment's API address (tests, proxies). */
  apiUrl: string | undefined;
}

const ADMIN_ENTRY_HELP =
  'write dana@example.com or Dana Reyes <dana@example.com>, separated by commas';

/**
 * ADMIN_EMAILS: comma-separated entries, each an e-mail address or `Name <e-mail>` (the name may
 * be in double quotes). Addresses are lower-cased; an address listed twice counts once (with the
 * first name given for it). Returns the admins and a problem for each malformed entry.
 */
export function parseAdminList(value: string): { admins: StaffInvite[]; problems: string[] } {
  const byEmail = new Map<string, StaffInvite>();
  const problems: string[] = [];
  for (const rawEntry of value.split(',')) {
    const entry = rawEntry.trim();
    if (!entry) continue;
    const named = /^([^<>]*)<([^<>]*)>$/.exec(entry);
    const email = (named ? named[2]! : entry).trim().toLowerCase();
    const nameText = named ? named[1]!.trim().replace(/^"(.*)"$/, '$1') : '';
    const name = staffNameSchema.safeParse(nameText);
    if ((!named && /[<>]/.test(entry)) || !isValidNormalizedEmail(email)) {
      problems.push(`has a malformed entry "${entry}": ${ADMIN_ENTRY_HELP}`);
    } else if (!name.success) {
      problems.push(`has a bad name in "${entry}": ${name.error.issues[0]!.message}`);
    } else {
      const known = byEmail.get(email);
      if (!known) byEmail.set(email, { email, name: name.data });
      else if (!known.name) known.name = name.data;
    }
  }
  return { admins: [...byEmail.values()], problems };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`,
      ),
    );
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const authSecret = raw.BETTER_AUTH_SECRET ?? readOrCreateSecret(dataDir);
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === 'production',
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    authSecret,
    publicUrl: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    contactEmail: raw.CONTACT_EMAIL,
    demoData: raw.DEMO_DATA ?? raw.NODE_ENV !== 'production',
    benchRoutes: raw.BENCH_ROUTES ?? false,
    admins: raw.ADMIN_EMAILS,
    logLevel: raw.LOG_LEVEL,
    mailPollMs: raw.MAIL_POLL_MS,
    smsPollMs: raw.SMS_POLL_MS,
    // Tests run jobs themselves (the dev route or a scheduler of their own).
    jobsPollMs: raw.JOBS_POLL_MS ?? (raw.NODE_ENV === 'test' ? 0 : 15_000),
    marketClock: { kind: raw.MARKET_CLOCK, start: raw.MARKET_CLOCK_START },
    maxBodyBytes: raw.MAX_BODY_BYTES,
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS,
    unreviewedPracticeOpenShifts: raw.UNREVIEWED_PRACTICE_OPEN_SHIFTS,
    plaid:
      raw.PLAID_CLIENT_ID && raw.PLAID_SECRET
        ? {
            clientId: raw.PLAID_CLIENT_ID,
            secret: raw.PLAID_SECRET,
            environment: raw.PLAID_ENV ?? 'sandbox',
            apiUrl: raw.PLAID_API_URL,
          }
        : undefined,
    stripe:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            apiUrl: raw.STRIPE_API_URL,
          }
        : undefined,
    pushPollMs: raw.PUSH_POLL_MS,
    vapidKeys:
      raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY
        ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: raw.VAPID_SUBJECT ?? `mailto:${raw.CONTACT_EMAIL}`,
    twilio:
      raw.TWILIO_ACCOUNT_SID && raw.TWILIO_AUTH_TOKEN
        ? {
            accountSid: raw.TWILIO_ACCOUNT_SID,
            authToken: raw.TWILIO_AUTH_TOKEN,
            sender: raw.TWILIO_MESSAGING_SERVICE_SID
              ? { messagingServiceSid: raw.TWILIO_MESSAGING_SERVICE_SID }
              : { from: raw.TWILIO_FROM! },
            apiUrl: raw.TWILIO_API_URL,
          }
        : undefined,
    money: { feeBasisPoints: raw.PLATFORM_FEE_PERCENT, lateCancelMinutes: raw.LATE_CANCEL_HOURS },
    s3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION ?? 'us-east-1',
          endpoint: raw.S3_ENDPOINT,
          accessKeyId: raw.S3_ACCESS_KEY_ID,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
  };
}

/** Outside production a missing secret is generated once and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
