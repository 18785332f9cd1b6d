import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  emailChangeMessages,
  emailChangeRequestSchema,
  type EmailChangeRequestInput,
} from '@shared/validation/email-change';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { EmailField } from '@web/components/ui/contact-fields';
import { ApiError } from '@web/lib/api-client';
import { answer, api } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';

/** POST /api/account/email/change: sends the confirmation link to the new address. */
function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: EmailChangeRequestInput) =>
      answer(api.account.email.change.$post({ json: input })),
  });
}

/**
 * The form of 'Change e-mail' (change-email.tsx), loaded when it is opened: the new address, sent
 * to the server, which mails the confirmation link to it (`onSent` gets the answer's message).
 */
export default function ChangeEmailForm({
  onSent,
  onCancel,
}: {
  onSent: (message: string) => void;
  onCancel: () => void;
}) {
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeRequestInput>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { newEmail: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await request.mutateAsync(values);
      onSent(result.message);
    } catch (error) {
      applyServerFieldErrors(error, { newEmail: '' }, form.setError);
    }
  });
  const failure =
    request.error instanceof ApiError && !request.error.fields.newEmail
      ? request.error.status < 500
        ? request.error.message
        : emailChangeMessages.requestFailed
      : request.error && !(request.error instanceof ApiError)
        ? emailChangeMessages.requestFailed
        : null;
  return (
    <form noValidate onSubmit={submit} aria-label="Change e-mail" className="space-y-3">
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <EmailField
        label="New e-mail"
        required
        autoFocus
        error={form.formState.errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send confirmation link'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
