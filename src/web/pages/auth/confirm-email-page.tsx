import { Link, useSearchParams } from 'react-router';
import { emailChangeMessages } from '@shared/validation/email-change';
import { AuthCard } from '@web/components/ui/auth-card';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { useConfirmEmailChange } from '@web/features/accounts/api/email-change';
import { ApiError } from '@web/lib/api-client';

/**
 * /confirm-email?token=…: the page the e-mailed link opens. The change is made by a button, not by
 * opening the page, so a mail scanner that follows links cannot use the single-use link up.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const failure =
    confirm.error instanceof ApiError && confirm.error.status < 500
      ? confirm.error.message
      : confirm.error
        ? 'Failed to change your e-mail. Please try again.'
        : null;
  return (
    <AuthCard
      title="Confirm Your New E-mail"
      subtitle="Once confirmed, you sign in with this address and notices come to it."
    >
      <div className="space-y-5">
        {!token ? <Banner tone="error">{emailChangeMessages.linkInvalid}</Banner> : null}
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        {confirm.isSuccess ? (
          <>
            <Banner tone="success">{confirm.data.message}</Banner>
            <p>
              <Link className="font-medium text-brand-700 underline" to="/login">
                Go to sign in
              </Link>
            </p>
          </>
        ) : token ? (
          <Button
            className="w-full"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(token)}
          >
            {confirm.isPending ? 'Confirming...' : 'Confirm my new e-mail'}
          </Button>
        ) : null}
      </div>
    </AuthCard>
  );
}
