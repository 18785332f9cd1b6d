import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';

/** What services need from the running server. */
export interface ServiceContext {
  db: Database;
  auth: Auth;
  env: Env;
  logger: Logger;
}
