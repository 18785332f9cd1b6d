import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type RequestListener } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { clockFor } from './clock';
import { createAuth } from './auth/auth';
import { createBankLink } from './bank-link/create-bank-link';
import {
  DATABASE_APPLICATION_NAMES,
  openDatabase,
  type DatabaseHandle,
  type DatabaseTarget,
} from './db/client';
import type { Env } from './env';
import { scheduledJobList } from './jobs/jobs';
import { createPaymentProvider } from './payments/create-payment-provider';
import { createScheduler } from './jobs/scheduler';
import { createLogger, type Logger } from './logger';
import { startMailWorker } from './mail/mail-worker';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import type { ServiceContext } from './services/context';
import { CHANGE_NOTICE_CHANNEL, keptAnswersFor } from './services/kept-answers';
import { liveHubFor } from './live/live-hub';
import { backfillCoordinates } from './services/matching/backfill-coordinates';
import { createFileStorage } from './storage/create-file-storage';
import { createPushSender, type PushSender } from './push/push-sender';
import { startPushWorker } from './push/push-worker';
import { vapidKeysFor } from './push/vapid-keys';
import { createSmsProvider } from './sms/create-sms-provider';
import { SMS_BATCH_SIZE, deliverDueTexts } from './sms/sms-outbox';
import { queuedNotice } from './db/outbox-queue';
import type { SmsProvider } from './sms/sms-provider';
import { startOutboxWorker, type OutboxWorker } from './db/outbox-worker';
import { NOTICE_BATCH_SIZE, deliverQueuedNotices } from './notifications/notice-worker';
import type { MarketDeliveries } from './routes/dev/market-clock-routes';

/** How long a stopping server keeps idle keep-alive connections for requests already sent. */
const IDLE_GRACE_MS = 500;
/** How long a stopping server still accepts connections the kernel has already completed. */
const BACKLOG_GRACE_MS = 100;
/** Connections the scheduled jobs and delivery workers may hold together (PostgreSQL). */
const BACKGROUND_POOL_SIZE = 3;
/** How often a server proves that the database's change announcements still reach it. */
const NOTICE_CHECK_MS = 10_000;
/** The notice worker's poll, besides the announcements that wake it at once. */
const NOTICE_POLL_MS = 1_000;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultClientDir = path.join(projectRoot, 'dist/client');

export interface RunningServer {
  url: string;
  port: number;
  services: ServiceContext;
  database: DatabaseHandle;
  mailDir: string;
  /** The delivery workers' counts and drain, as the development market step uses them. */
  deliveries: MarketDeliveries;
  /**
   * Delivers the notices queued so far (bell entries, e-mails, pushes, texts) now, rather than
   * when the notice worker hears of them: for tests that read them right after a change.
   */
  deliverQueuedNotices(): Promise<void>;
  /** Stops accepting, finishes in-flight requests, stops the workers, closes the database. */
  close(): Promise<void>;
}

export function trustedOriginsFor(env: Env, port: number): string[] {
  const origins = new Set([env.publicUrl]);
  const url = new URL(env.publicUrl);
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    for (const host of ['localhost', '127.0.0.1', '[::1]'])
      origins.add(`${url.protocol}//${host}:${port}`);
  }
  return [...origins];
}

export interface StartOptions {
  env: Env;
  database?: DatabaseTarget;
  clientDir?: string;
  logger?: Logger;
  transport?: MailTransport;
  /** Sends pushes (tests may give their own); by default web-push with the VAPID keys. */
  pushSender?: PushSender;
  /** Texts go here instead of Twilio or the mailbox sandbox (tests). */
  sms?: SmsProvider;
}

/** Opens the database, migrates, wires the services and listens on env.port (0 = any free port). */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.env.logLevel);
  const target: DatabaseTarget =
    options.database ??
    (options.env.databaseUrl
      ? { url: options.env.databaseUrl }
      : { dataDir: path.join(options.env.dataDir, 'db') });
  const database = await openDatabase(target);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  // Scheduled jobs and the delivery workers have a pool of their own on PostgreSQL: however much
  // they have to do (a first run after a start or a deploy), they hold at most BACKGROUND_POOL_SIZE
  // connections and never wait on, or hold up, the requests' pool. PGlite has one connection.
  const background =
    'url' in target
      ? await openDatabase({
          url: target.url,
          poolSize: BACKGROUND_POOL_SIZE,
          applicationName: DATABASE_APPLICATION_NAMES.background,
        })
      : database;
  // Coordinates for rows saved before they were kept (cheap when there is nothing to fill).
  await backfillCoordinates(database.db).catch((error: unknown) =>
    logger.warn('could not backfill ZIP coordinates', { error: String(error) }),
  );
  // Push is signed with one key pair for good: from the environment, or generated once.
  const vapidKeys = vapidKeysFor(options.env);
  if (options.env.isProduction && !options.env.vapidKeys) {
    logger.warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push notifications are signed with a key pair kept in DATA_DIR; several instances must share one pair through the environment',
    );
  }
  const pushWorker = startPushWorker({
    db: background.db,
    sender: options.pushSender ?? createPushSender(vapidKeys, options.env.vapidSubject),
    intervalMs: options.env.pushPollMs,
    logger,
  });
  const mailDir = path.join(options.env.dataDir, 'mail');
  // Texts: sent when announced after the commit that queued them, and on a poll besides.
  const sms = options.sms ?? createSmsProvider(options.env, mailDir);
  const smsWorker = startOutboxWorker({
    name: 'texts',
    batchSize: SMS_BATCH_SIZE,
    intervalMs: options.env.smsPollMs,
    logger,
    deliver: () => deliverDueTexts(background.db, sms),
  });
  // Notices composed after the commit (notifications/notice-worker.ts); started once the public
  // address is known (below), and told of queued notices on the change channel meanwhile.
  const started: { notices?: OutboxWorker } = {};
  // The market clock: one per server, read by services and jobs (clock.ts, decision 048).
  const clock = clockFor(options.env.marketClock);
  // Hot answers are kept while the database's announcements of changes are received.
  const kept = keptAnswersFor(database.db);
  kept.useClock(() => clock.now().getTime());
  // Open live streams hear the same announcements (live/live-hub.ts).
  const live = liveHubFor(database.db);
  const stopChangeNotices = database.listen(
    CHANGE_NOTICE_CHANNEL,
    (payload) => {
      kept.notice(payload);
      live.notice(payload);
      // Pushes and texts queued by a commit on any instance (db/outbox-queue.ts).
      if (payload === queuedNotice('push_outbox')) pushWorker.nudge();
      if (payload === queuedNotice('sms_outbox')) smsWorker.nudge();
      if (payload === queuedNotice('notice_queue')) started.notices?.nudge();
    },
    (listening) => {
      kept.setListening(listening);
      live.setListening(listening);
      if (listening) {
        void kept.catchUp(database.db);
        // Announcements missed while not listening: look now.
        pushWorker.nudge();
        smsWorker.nudge();
        started.notices?.nudge();
      }
    },
  );
  // Proves every few seconds that announcements still arrive (kept-answers.ts).
  const noticeCheck = setInterval(() => void kept.catchUp(database.db), NOTICE_CHECK_MS);
  noticeCheck.unref();
  const { smtpUrl } = options.env;
  const transport =
    options.transport ?? (smtpUrl ? createSmtpTransport(smtpUrl) : createFileTransport(mailDir));
  const worker = startMailWorker({
    db: background.db,
    transport,
    from: options.env.mailFrom,
    replyTo: options.env.contactEmail,
    intervalMs: options.env.mailPollMs,
    logger,
  });

  // Listen first: with PORT=0 (tests) the auth configuration needs the port actually chosen.
  let handle: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  let draining = false;
  const httpServer = createServer((req, res) => {
    // While shutting down, every answer closes its connection: keep-alive clients (a load
    // balancer) reconnect elsewhere instead of holding this process open with new requests.
    if (draining) res.setHeader('Connection', 'close');
    handle(req, res);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.env.port, options.env.host, () => resolve());
    });
  } catch (error) {
    await worker.stop();
    await pushWorker.stop();
    await smsWorker.stop();
    clearInterval(noticeCheck);
    await stopChangeNotices();
    if (background !== database) await background.close();
    await database.close();
    throw error;
  }
  const port = (httpServer.address() as AddressInfo).port;
  const env: Env = {
    ...options.env,
    publicUrl: options.env.publicUrl.replace(/:0$/, `:${port}`),
    vapidKeys,
  };
  const trustedOrigins = trustedOriginsFor(env, port);
  const auth = createAuth({
    db: database.db,
    secret: env.authSecret,
    publicUrl: env.publicUrl,
    trustedOrigins,
    secureCookies: env.isProduction,
    onEmailQueued: () => worker.nudge(),
  });
  const services: ServiceContext = {
    db: database.db,
    auth,
    env,
    logger,
    bankLink: createBankLink(env),
    storage: createFileStorage(env),
    payments: createPaymentProvider(env),
    sms,
    clock,
  };
  const notices = startOutboxWorker({
    name: 'notices',
    batchSize: NOTICE_BATCH_SIZE,
    // A fallback: queued notices are announced, so the worker usually starts at once.
    intervalMs: Math.min(env.mailPollMs, NOTICE_POLL_MS),
    logger,
    deliver: async () => {
      const delivered = await deliverQueuedNotices(background.db, env, clock);
      // The e-mails among them go out now rather than at the mail worker's next poll.
      if (delivered > 0) worker.nudge();
      return delivered;
    },
  });
  started.notices = notices;
  // The development market step drives the workers itself (routes/dev/market-clock-routes.ts).
  const deliveries: MarketDeliveries = {
    counts: () => ({
      notices: notices.delivered(),
      emails: worker.delivered(),
      pushes: pushWorker.delivered(),
      texts: smsWorker.delivered(),
    }),
    async drain() {
      await notices.drain();
      await worker.drain();
      await pushWorker.drain();
      await smsWorker.drain();
    },
  };
  // Scheduled jobs (completing shifts, reminders, digests); JOBS_POLL_MS=0 runs none here.
  const scheduler = createScheduler({
    ctx: { db: background.db, env, logger, payments: services.payments, clock },
    jobs: scheduledJobList,
    afterRun: () => {
      notices.nudge();
      worker.nudge();
      smsWorker.nudge();
    },
  });
  if (env.jobsPollMs > 0) scheduler.start(env.jobsPollMs);
  const app = createApp({
    services,
    clientDir: options.clientDir ?? defaultClientDir,
    mailDir,
    trustedOrigins,
    deliveries,
  });
  handle = getRequestListener(app.fetch);

  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    services,
    database,
    mailDir,
    deliveries,
    deliverQueuedNotices: () => notices.drain(),
    close() {
      closing ??= (async () => {
        draining = true;
        // Live streams never end by themselves: end them so their browsers reconnect elsewhere.
        live.endAll();
        // Connections the kernel completed while a query held the event loop wait in the
        // listen backlog; closing the listener would reset them. So: accept what is there
        // first (the poll phase, before this setImmediate, takes the whole backlog), then stop
        // listening with net's close (http's would also drop idle keep-alive connections at
        // once, one of which may carry a request not read yet). Requests already sent are still
        // read and answered, with Connection: close; idle connections close after a grace
        // period, after pending reads.
        await new Promise<void>((resolve) =>
          setTimeout(() => setImmediate(resolve), BACKLOG_GRACE_MS),
        );
        await new Promise<void>((resolve) => {
          NetServer.prototype.close.call(httpServer, () => resolve());
          setTimeout(() => setImmediate(() => httpServer.closeIdleConnections()), IDLE_GRACE_MS);
        });
        await scheduler.stop();
        await notices.stop();
        await worker.stop();
        await pushWorker.stop();
        await smsWorker.stop();
        clearInterval(noticeCheck);
        await stopChangeNotices();
        if (background !== database) await background.close();
        await database.close();
      })();
      return closing;
    },
  };
}
