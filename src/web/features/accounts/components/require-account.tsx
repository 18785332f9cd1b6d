import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AccountType } from '@shared/accounts';
import { PageLoading } from '@web/components/page-loading';
import { loginUrlWithReturn } from '@web/lib/return-path';
import { useSession, type SessionUser } from '../api/session';

/**
 * Renders `children` only for a signed-in account of the `allowed` kind: signed-out visitors go to
 * `loginPath` and, once signed in, come back to the page they opened (e.g. a link in an e-mail);
 * signed-in users of another kind go to their own portal. Nothing renders before the
 * first session check has answered.
 */
export function RequireAccount({
  allowed,
  loginPath,
  children,
}: {
  allowed: AccountType;
  loginPath: string;
  children: (user: SessionUser) => ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoading />;
  const user = session.data;
  if (!user) {
    return (
      <Navigate to={loginUrlWithReturn(loginPath, location.pathname + location.search)} replace />
    );
  }
  if (user.accountType !== allowed) return <Navigate to={user.portalPath} replace />;
  return <>{children(user)}</>;
}
