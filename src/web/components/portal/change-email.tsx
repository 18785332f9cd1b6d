import { Suspense, useState } from 'react';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { lazyChunk } from '@web/lib/lazy-chunk';

// The form (with the form library and zod) loads when 'Change e-mail' is chosen: the screens
// showing the button run none of it.
const ChangeEmailForm = lazyChunk(() => import('./change-email-form'));

/**
 * 'Change e-mail' (professional portals, practice Contact Information): the e-mail is the account's one address (sign-in and notices), so it changes
 * only once the new address is confirmed by the link sent to it. Until then nothing changes.
 */
export function ChangeEmail() {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="space-y-3 sm:col-span-2">
      {sent ? <Banner tone="success">{sent}</Banner> : null}
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-slate-700">
              Loading…
            </p>
          }
        >
          <ChangeEmailForm
            onSent={(message) => {
              setSent(message);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setSent(null);
            setOpen(true);
          }}
        >
          Change e-mail
        </Button>
      )}
    </div>
  );
}
