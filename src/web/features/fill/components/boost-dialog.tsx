import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { BoostKind } from '@shared/fill/boost-constants';
import { boostMessages, boostTexts } from '@shared/fill/boost-texts';
import type { ShiftBoostsDto } from '@shared/fill/boosts';
import { rateBoundsMessage, rateInputBounds } from '@shared/hourly-rate-bounds';
import { formatShiftDate, formatShiftHours } from '@shared/date-format';
import { centsToDollars } from '@shared/money-format';
import type { ShiftDto } from '@shared/practice/practice-replies';
import { DialogButtons } from '@web/components/ui/dialog-form';
import { TextField } from '@web/components/ui/form-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import { useBoostShift, useShiftBoosts } from '../api/shift-boosts';

/** The choices, in the order the dialog lists them. */
const choices: BoostKind[] = ['rate', 'widen', 'urgent'];

/** Why a choice cannot be taken now, under it (null: it can). */
function unavailableNote(kind: BoostKind, answer: ShiftBoostsDto): string | null {
  if (answer.available[kind]) return null;
  if (answer.left.shift === 0 || answer.left.today === 0) return boostTexts.none;
  if (kind === 'widen') return boostTexts.unavailable.widen;
  if (kind === 'urgent') {
    switch (answer.urgentUnavailable) {
      case 'done':
        return boostTexts.unavailable.urgentDone;
      case 'too_early':
        return boostTexts.unavailable.urgentTooEarly;
      case 'day_limit':
        return boostTexts.unavailable.urgentDayLimit;
      default:
        return null;
    }
  }
  return null;
}

/**
 * "Boost this shift" (issue 42, slice 8): raise the rate, tell more professionals, or mark it
 * urgent, with what is left for the shift and today, the server's refusal in its own words, and
 * a toast saying how many were told. Its own chunk, loaded when opened.
 */
export default function BoostDialog({
  shift,
  open,
  onOpenChange,
  initialKind,
}: {
  shift: ShiftDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The choice selected on opening (the why-not panel's "Tell more professionals"). */
  initialKind?: BoostKind;
}) {
  const boosts = useShiftBoosts(shift.id);
  const boost = useBoostShift();
  const [picked, setPicked] = useState<BoostKind | null>(initialKind ?? null);
  const [rate, setRate] = useState(() => centsToDollars(shift.rateCents));
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = useId();
  const date = formatShiftDate(shift.startTime);

  const submit = async (event: FormEvent<HTMLFormElement>, answer: ShiftBoostsDto) => {
    event.preventDefault();
    setRefusal(null);
    const kind = picked && answer.available[picked] ? picked : null;
    if (!kind) {
      setRefusal(boostMessages.kindRequired);
      return;
    }
    try {
      const result = await boost.mutateAsync({
        id: shift.id,
        input: kind === 'rate' ? { kind, rate } : { kind },
      });
      toast.success(`${boostTexts.told(result.told)}${boostTexts.withdrawn(result.withdrawn)}`);
      onOpenChange(false);
    } catch (error) {
      // The server's refusal in its own words (a limit reached, a rate not higher), announced.
      setRefusal(errorText(error, boostTexts.failed));
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={boostTexts.title}
      description={`${shift.position} at ${shift.location.name} on ${date}, ${formatShiftHours(shift.startTime, shift.endTime)}.`}
      pending={boost.isPending}
    >
      <QueryState query={boosts} failed={boostTexts.loadFailed} loadingText={boostTexts.loading}>
        {(answer) => (
          <form
            noValidate
            aria-label={boostTexts.title}
            className="space-y-4"
            onSubmit={(event) => void submit(event, answer)}
          >
            <p className="font-medium text-ink">
              {boostTexts.left(answer.left.shift, answer.left.today)}
            </p>
            <fieldset className="space-y-3">
              <legend className="mb-2 font-medium text-ink">{boostTexts.choiceLegend}</legend>
              {choices.map((kind) => {
                const note = unavailableNote(kind, answer);
                const hintId = `${name}-${kind}-hint`;
                const hint =
                  kind === 'rate'
                    ? boostTexts.rateHint(shift.rateCents)
                    : kind === 'widen'
                      ? boostTexts.widenHint
                      : boostTexts.urgentHint;
                return (
                  <div key={kind} className="rounded-md border border-slate-200 p-3">
                    <div className="flex items-start gap-2">
                      <input
                        id={`${name}-${kind}`}
                        type="radio"
                        name={name}
                        value={kind}
                        className="mt-1 h-4 w-4 accent-brand-600"
                        checked={picked === kind}
                        disabled={note !== null}
                        aria-describedby={hintId}
                        onChange={() => setPicked(kind)}
                      />
                      <label htmlFor={`${name}-${kind}`} className="font-medium text-ink">
                        {boostTexts[kind]}
                      </label>
                    </div>
                    <p id={hintId} className="mt-1 text-sm text-slate-700">
                      {hint}
                      {note ? ` ${note}` : ''}
                    </p>
                    {kind === 'rate' && picked === 'rate' && note === null ? (
                      <div className="mt-3 space-y-2">
                        {shift.applicantCount > 0 ? (
                          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
                            {boostTexts.rateWarning}
                          </p>
                        ) : null}
                        <TextField
                          label={boostTexts.rateLabel}
                          type="number"
                          inputMode="decimal"
                          {...rateInputBounds(shift.position)}
                          step={0.01}
                          required
                          hint={rateBoundsMessage(shift.position)}
                          value={rate}
                          onChange={(event) => setRate(event.target.value)}
                        />
                      </div>
                    ) : null}
                  </div>
                );
              })}
            </fieldset>
            {refusal ? (
              <p role="alert" className="text-sm font-medium text-red-800">
                {refusal}
              </p>
            ) : null}
            <DialogButtons
              cancelLabel={boostTexts.close}
              submitLabel={boostTexts.submit}
              pendingLabel={boostTexts.submitting}
              pending={boost.isPending}
              onCancel={() => onOpenChange(false)}
            />
          </form>
        )}
      </QueryState>
    </ModalDialog>
  );
}
