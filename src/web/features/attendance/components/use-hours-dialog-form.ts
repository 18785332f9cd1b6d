import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { attendanceTexts } from '@shared/marketplace/attendance-constants';
import { useDialogForm } from '@web/components/ui/dialog-form';
import { errorText } from '@web/lib/error-text';

/**
 * The form of a dialog that sends a timesheet's hours (check-out, an admin's decision): it starts
 * from `values` each time it opens; a refusal is said and keeps the dialog open; a success is said,
 * closes it and hands the focus on.
 */
export function useHoursDialogForm<TValues extends FieldValues, TOutput>({
  resolver,
  values,
  open,
  onOpenChange,
  send,
  success,
  onDone,
}: {
  resolver: Resolver<TValues, unknown, TOutput>;
  values: TValues;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  send: (output: TOutput) => Promise<unknown>;
  success: string;
  onDone: () => void;
}) {
  const dialog = useDialogForm<TValues, TOutput>({
    resolver,
    emptyValues: values,
    onOpenChange,
    onSend: async (output) => {
      try {
        await send(output);
      } catch (error) {
        toast.error(errorText(error, attendanceTexts.actionFailed));
        throw error;
      }
      toast.success(success);
      onOpenChange(false);
      onDone();
    },
  });
  const { reset } = dialog.form;
  useEffect(() => {
    if (open) reset(values);
  }, [open, values, reset]);
  return dialog;
}
