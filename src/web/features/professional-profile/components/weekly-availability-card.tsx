import { useId, useState, type FormEvent } from 'react';
import {
  formatHour,
  hourChoices,
  toggleDay,
  weekDays,
  type AvailabilityEntry,
  type WeekDay,
} from '@shared/professional/availability';
import { professionalMessages } from '@shared/professional/messages';
import { EditableCard, type CardFormProps, type ProfileCardProps } from './editable-card';

/**
 * Weekly availability: checking a day adds 09:00 to 17:00, unchecking removes it; hours on the
 * hour, 00:00 to 23:00, shown AM/PM; every control disabled outside edit mode. An end time must be
 * after its start time.
 */
export function WeeklyAvailabilityCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title="Weekly Availability"
      formId="weekly-availability-form"
      saveMessage={description.saveMessage}
      readDescription="Choose Edit to change the days and hours you can work."
    >
      {({ editing, form }) => (
        // Remounted on each Edit, so it starts from the saved week; in read mode remounted
        // whenever the saved week changes (the card can leave edit mode a render before the saved
        // profile arrives, and the form keeps the week it mounted with).
        <AvailabilityForm
          key={editing ? 'edit' : `read:${JSON.stringify(profile.availability)}`}
          formId={form.formId}
          disabled={!editing}
          initial={profile.availability}
          onSave={(availability, setErrors) => form.onSave({ availability }, setErrors)}
        />
      )}
    </EditableCard>
  );
}

function endErrors(entries: readonly AvailabilityEntry[]): Partial<Record<WeekDay, string>> {
  const errors: Partial<Record<WeekDay, string>> = {};
  for (const entry of entries) {
    if (entry.endTime <= entry.startTime) errors[entry.day] = professionalMessages.endAfterStart;
  }
  return errors;
}

function AvailabilityForm({
  formId,
  disabled,
  initial,
  onSave,
}: CardFormProps<AvailabilityEntry[]> & { disabled: boolean; initial: AvailabilityEntry[] }) {
  const [entries, setEntries] = useState<AvailabilityEntry[]>(initial);
  const [errors, setErrors] = useState<Partial<Record<WeekDay, string>>>({});
  // An end time before its start is shown as soon as it is chosen.
  const shownErrors = { ...errors, ...endErrors(entries) };

  const update = (next: AvailabilityEntry[]) => {
    setEntries(next);
    setErrors({});
  };
  const setTime = (day: WeekDay, field: 'startTime' | 'endTime', value: string) =>
    update(entries.map((entry) => (entry.day === day ? { ...entry, [field]: value } : entry)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(endErrors(entries)).length) return;
    onSave(entries, (fields) => {
      const fromServer: Partial<Record<WeekDay, string>> = {};
      for (const [key, message] of Object.entries(fields)) {
        const index = /^availability\.(\d+)\./.exec(key)?.[1];
        const entry = index === undefined ? undefined : entries[Number(index)];
        if (entry) fromServer[entry.day] = message;
      }
      setErrors(fromServer);
    });
  };

  return (
    <form id={formId} noValidate onSubmit={submit}>
      <fieldset disabled={disabled} className="space-y-3">
        <legend className="sr-only">Days and hours you are available</legend>
        {weekDays.map((day) => (
          <DayRow
            key={day}
            day={day}
            entry={entries.find((entry) => entry.day === day)}
            error={shownErrors[day]}
            onToggle={(checked) => update(toggleDay(entries, day, checked))}
            onTime={(field, value) => setTime(day, field, value)}
          />
        ))}
      </fieldset>
    </form>
  );
}

function DayRow({
  day,
  entry,
  error,
  onToggle,
  onTime,
}: {
  day: WeekDay;
  entry: AvailabilityEntry | undefined;
  error: string | undefined;
  onToggle: (checked: boolean) => void;
  onTime: (field: 'startTime' | 'endTime', value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const selectClass =
    'rounded-md border border-slate-400 bg-white px-2 py-1.5 text-ink disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-700';
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex w-32 items-center gap-2 font-medium text-ink">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={Boolean(entry)}
            onChange={(event) => onToggle(event.target.checked)}
          />
          {day}
        </label>
        {entry ? (
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`${id}-start`}>
              {day} start time
            </label>
            <select
              id={`${id}-start`}
              className={selectClass}
              value={entry.startTime}
              onChange={(event) => onTime('startTime', event.target.value)}
            >
              {hourChoices.map((hour) => (
                <option key={hour} value={hour}>
                  {formatHour(hour)}
                </option>
              ))}
            </select>
            <span aria-hidden="true" className="text-slate-600">
              to
            </span>
            <label className="sr-only" htmlFor={`${id}-end`}>
              {day} end time
            </label>
            <select
              id={`${id}-end`}
              className={selectClass}
              value={entry.endTime}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onTime('endTime', event.target.value)}
            >
              {hourChoices.map((hour) => (
                <option key={hour} value={hour}>
                  {formatHour(hour)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span className="text-sm text-slate-600">Not available</span>
        )}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
