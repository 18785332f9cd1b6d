import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { PaymentProvider } from '../../payments/payment-provider';

/** What moving money needs: the services' and the jobs' contexts both provide it. */
export interface MoneyContext {
  db: Database;
  env: Pick<Env, 'publicUrl'>;
  logger: Logger;
  payments: PaymentProvider;
  /** The market clock (clock.ts). */
  clock: Clock;
}
