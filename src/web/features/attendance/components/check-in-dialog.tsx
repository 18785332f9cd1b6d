import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { attendanceMessages, attendanceTexts } from '@shared/marketplace/attendance-constants';
import { checkInSchema } from '@shared/marketplace/attendance';
import { DialogButtons, DialogForm, useDialogForm } from '@web/components/ui/dialog-form';
import { TextField } from '@web/components/ui/form-field';
import { errorText } from '@web/lib/error-text';
import { useCheckIn } from '../api/professional-attendance';

const checkInFormSchema = z.object({
  code: checkInSchema.shape.code,
  shareLocation: z.boolean(),
});
type CheckInFormValues = z.input<typeof checkInFormSchema>;

/** Where the phone is, if the professional allows it and it answers within a few seconds. */
function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      () => resolve(null),
      { timeout: 8_000, maximumAge: 60_000 },
    );
  });
}

/** "I'm here": the code the front desk shows, and where the phone is if the professional agrees. */
export function CheckInDialog({
  bookingId,
  practiceName,
  open,
  onOpenChange,
  onDone,
}: {
  bookingId: string;
  practiceName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const checkIn = useCheckIn();
  const { form, close, submit } = useDialogForm<
    CheckInFormValues,
    z.output<typeof checkInFormSchema>
  >({
    resolver: zodResolver(checkInFormSchema),
    emptyValues: { code: '', shareLocation: false },
    onOpenChange,
    onSend: async ({ code, shareLocation }) => {
      const where = shareLocation ? await currentPosition() : null;
      try {
        await checkIn.mutateAsync({ bookingId, code, ...(where ?? {}) });
      } catch (error) {
        toast.error(errorText(error, attendanceTexts.actionFailed));
        throw error;
      }
      toast.success(attendanceMessages.checkedIn);
      onOpenChange(false);
      onDone();
    },
  });
  const pending = checkIn.isPending || form.formState.isSubmitting;
  return (
    <DialogForm
      open={open}
      close={close}
      title={attendanceTexts.checkInTitle}
      description={attendanceTexts.checkInDescription(practiceName)}
      pending={pending}
      onSubmit={submit}
    >
      <TextField
        label={attendanceMessages.checkInCodeLabel}
        hint={attendanceMessages.checkInCodeHint}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="tracking-[0.3em]"
        error={form.formState.errors.code?.message}
        disabled={pending}
        {...form.register('code')}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          disabled={pending}
          {...form.register('shareLocation')}
        />
        <span>{attendanceTexts.shareLocation}</span>
      </label>
      <DialogButtons
        cancelLabel={attendanceTexts.goBack}
        submitLabel={attendanceTexts.imHere}
        pendingLabel={attendanceTexts.checkingIn}
        pending={pending}
        onCancel={() => close(false)}
      />
    </DialogForm>
  );
}
