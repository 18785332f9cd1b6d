import type { Context, MiddlewareHandler } from 'hono';
import { isProfessionalRole, type AccountType } from '@shared/accounts';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { findPracticeForUser } from '../../services/practice/find-practice-for-user';
import type { SessionUser } from '../app-env';
import { setAnswerHeader } from '../answer-headers';
import { loadSessionId, loadSessionUser } from '../session';
import type { ActorByAudience, Audience, AudienceEnv } from './actors';

/** Who may call an audience's routes: null for anyone (signed out or in). */
const allowedAccounts: Record<Audience, ((type: AccountType) => boolean) | null> = {
  signedOut: null,
  account: () => true,
  bellOwner: (type) => type === 'practice' || isProfessionalRole(type),
  practice: (type) => type === 'practice',
  professional: isProfessionalRole,
  admin: (type) => type === 'admin',
};

/** The actor of a signed-in, allowed account (the practice of a practice account). */
async function actorOf<A extends Audience>(
  audience: A,
  user: SessionUser,
  c: Context<AudienceEnv<A>>,
): Promise<ActorByAudience[A]> {
  switch (audience) {
    case 'account': {
      const sessionId = await loadSessionId(c);
      if (!sessionId) break;
      return { ...user, sessionId } as ActorByAudience[A];
    }
    case 'practice':
      return {
        userId: user.id,
        email: user.email,
        name: user.name,
        practiceId: await findPracticeForUser(c.var.services, user.id),
      } as ActorByAudience[A];
    case 'professional':
      if (!isProfessionalRole(user.accountType)) break;
      return { id: user.id, email: user.email, role: user.accountType } as ActorByAudience[A];
    default:
      return user as ActorByAudience[A];
  }
  if (audience === 'account')
    throw new DomainError(401, 'unauthorized', genericErrors.unauthorized);
  throw new DomainError(403, 'forbidden', genericErrors.forbidden);
}

/**
 * The one check in front of every API route of an audience: 401 when the route needs an account
 * and there is none, 403 when the account is of another kind; then the actor is set (the practice
 * of a practice account is looked up once here) and the answer is never stored by a cache.
 */
export function audienceGuard<A extends Audience>(audience: A): MiddlewareHandler<AudienceEnv<A>> {
  const allowed = allowedAccounts[audience];
  return async (c, next) => {
    if (allowed) {
      const user = await loadSessionUser(c);
      if (!user) throw new DomainError(401, 'unauthorized', genericErrors.unauthorized);
      if (!allowed(user.accountType))
        throw new DomainError(403, 'forbidden', genericErrors.forbidden);
      c.set('actor', await actorOf(audience, user, c));
    } else {
      c.set('actor', null as ActorByAudience[A]);
    }
    await next();
    if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
  };
}
