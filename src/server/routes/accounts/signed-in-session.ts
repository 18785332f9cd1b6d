import type { Context } from 'hono';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import type { AppEnv, SessionUser } from '../app-env';
import { loadSessionId, loadSessionUser } from '../session';

/** The signed-in user (any kind of account) and their session's id; 401 when signed out. */
export async function signedInSession(
  c: Context<AppEnv>,
): Promise<{ user: SessionUser; sessionId: string }> {
  const user = await loadSessionUser(c);
  const sessionId = await loadSessionId(c);
  if (!user || !sessionId) throw new DomainError(401, 'unauthorized', genericErrors.unauthorized);
  return { user, sessionId };
}
