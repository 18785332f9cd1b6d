import type { ProfessionalAccount } from '../../services/professional/professional-account';
import type { AppEnv, SessionUser } from '../app-env';

/** The signed-in practice a request acts for: its account and the one practice it owns. */
export interface PracticeActor {
  userId: string;
  email: string;
  name: string;
  practiceId: string;
}

/** What each audience's guard puts on the request as `actor`. */
export interface ActorByAudience {
  signedOut: null;
  /** Any signed-in account, with the id of the session asking (its settings list sessions). */
  account: SessionUser & { sessionId: string };
  bellOwner: SessionUser;
  practice: PracticeActor;
  professional: ProfessionalAccount;
  admin: SessionUser;
}

export type Audience = keyof ActorByAudience;

/** Hono's typing of a request of one audience: the app's variables and its actor. */
export interface AudienceEnv<A extends Audience> {
  Variables: AppEnv['Variables'] & { actor: ActorByAudience[A] };
}
