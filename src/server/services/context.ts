import type { Auth } from '../auth/auth';
import type { BankLink } from '../bank-link/bank-link';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { PaymentProvider } from '../payments/payment-provider';
import type { SmsProvider } from '../sms/sms-provider';
import type { FileStorage } from '../storage/file-storage';

/** What services need from the running server. */
export interface ServiceContext {
  db: Database;
  auth: Auth;
  env: Env;
  logger: Logger;
  /** Plaid when configured, else the local sandbox bank widget. */
  bankLink: BankLink;
  /** Uploaded files: DATA_DIR/uploads, or S3 when S3_BUCKET is set. */
  storage: FileStorage;
  /** Stripe when configured, else the offline payment sandbox. */
  payments: PaymentProvider;
  /** Twilio when configured, else texts saved to the development mailbox. */
  sms: SmsProvider;
  /** The market clock: what "now" is for shifts, bookings and notices (clock.ts). */
  clock: Clock;
}
