import type { AccountType } from '@shared/accounts';
import type { ServiceContext } from '../services/context';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  accountType: AccountType;
}

/** Hono's typing of what middleware puts on the request context. */
export interface AppEnv {
  Variables: {
    services: ServiceContext;
    requestId: string;
    /** Set by loadSessionUser: null when signed out, undefined before it ran. */
    sessionUser: SessionUser | null | undefined;
    /** Set with sessionUser: the session's row id, null when signed out. */
    sessionId: string | null | undefined;
  };
}
