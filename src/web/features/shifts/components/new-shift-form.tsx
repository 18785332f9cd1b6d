import { zodResolver } from '@hookform/resolvers/zod';
import { errorText } from '@web/lib/error-text';
import { useId, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { toast } from 'sonner';
import {
  bookingModeHints,
  bookingModeLabels,
  bookingModes,
  DEFAULT_BOOKING_MODE,
  type BookingMode,
} from '@shared/marketplace/booking-constants';
import {
  DEFAULT_PAY_THROUGH,
  payThroughHelp,
  payThroughLabels,
  payThroughOptions,
  type PayThrough,
} from '@shared/money/pay-terms-constants';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import type { LocationDto } from '@shared/practice/practice-replies';
import { lastPostableDate, passedStart, practiceInstant } from '@shared/practice/shift-dates';
import {
  breakTimeOptions,
  DEFAULT_BREAK_MINUTES,
  DEFAULT_TIME_PER_PATIENT,
  newShiftSchema,
  shiftMessages,
  shiftPositions,
  timePerPatientOptions,
  usesTimePerPatient,
  type NewShift,
  type NewShiftInput,
  type ShiftPosition,
} from '@shared/practice/shifts';
import { rateBoundsMessage, rateInputBounds } from '@shared/hourly-rate-bounds';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { FieldShell, SelectField, TextField } from '@web/components/ui/form-field';
import { usePayTerms } from '../api/pay-terms';
import { useCreateShifts } from '../api/create-shifts';
import { formatShiftDate, postingWindow, toDateValue, toPickerDate } from '../shift-time';
import { PRACTICE_TIME_ZONE } from '@shared/practice/time-zone';
import { MarketPanel } from './market-panel';
import { emptyOfferValues, OfferFields, offerInput } from './offer-fields';
import { emptyRequirementValues, RequirementFields, requirementInput } from './requirement-fields';

interface FormValues {
  position: string;
  dates: string[];
  startTime: string;
  endTime: string;
  rate: string;
  locationId: string;
  breakMinutes: string;
  timePerPatient: string;
  notes: string;
  bookingMode: BookingMode;
  payThrough: PayThrough;
  favouritesFirstHours: string;
  instantBookFor: string;
  instantBookMinRating: string;
  wholeBlock: boolean;
  requirements: string[];
}

/** react-day-picker's colours, in the brand's (AA contrast on white). */
const dayPickerStyle = {
  '--rdp-accent-color': '#0e7490',
  '--rdp-accent-background-color': '#ecfeff',
  '--rdp-today-color': '#155e75',
} as CSSProperties;
const selectedDayStyle: CSSProperties = {
  backgroundColor: '#0e7490',
  color: '#ffffff',
  borderRadius: '9999px',
};

const emptyValues: FormValues = {
  position: '',
  dates: [],
  startTime: '',
  endTime: '',
  rate: '',
  locationId: '',
  breakMinutes: String(DEFAULT_BREAK_MINUTES),
  timePerPatient: String(DEFAULT_TIME_PER_PATIENT),
  notes: '',
  bookingMode: DEFAULT_BOOKING_MODE,
  payThrough: DEFAULT_PAY_THROUGH,
  ...emptyOfferValues,
  ...emptyRequirementValues,
};

/** The spec's order of the checks: the banner shows the first failing one. */
const fieldOrder: Array<keyof FormValues> = [
  'position',
  'dates',
  'startTime',
  'endTime',
  'rate',
  'locationId',
  'breakMinutes',
  'timePerPatient',
  'bookingMode',
  'payThrough',
  'favouritesFirstHours',
  'instantBookFor',
  'instantBookMinRating',
  'wholeBlock',
  'requirements',
  'notes',
];

function toInput(values: FormValues): NewShiftInput {
  return {
    ...values,
    breakMinutes: Number(values.breakMinutes),
    timePerPatient: usesTimePerPatient(values.position) ? Number(values.timePerPatient) : null,
    ...offerInput(values),
    ...requirementInput(values),
  };
}

const schemaResolver = zodResolver(newShiftSchema);

/**
 * The shared schema's checks (in the spec's order), then the ones that depend on the clock:
 * no date whose start has passed, none after the end of the month after next.
 */
const resolver: Resolver<FormValues, unknown, NewShift> = async (
  values,
  context,
  options,
): Promise<ResolverResult<FormValues, NewShift>> => {
  const result = await schemaResolver(
    toInput(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  if (Object.keys(result.errors).length > 0) {
    return { values: {}, errors: result.errors as FieldErrors<FormValues> };
  }
  const shift = result.values as NewShift;
  const fail = (
    field: keyof FormValues,
    message: string,
  ): ResolverResult<FormValues, NewShift> => ({
    values: {},
    errors: { [field]: { type: 'custom', message } },
  });
  const now = new Date();
  const starts: { date: string; start: Date }[] = [];
  for (const date of shift.dates) {
    const start = practiceInstant(date, shift.startTime);
    if (!start) return fail('startTime', shiftMessages.timeSkipped);
    starts.push({ date, start });
  }
  const passed = passedStart(starts, now);
  if (passed) return fail('dates', shiftMessages[passed]);
  const lastDate = lastPostableDate(now);
  if (shift.dates.some((date) => date > lastDate)) {
    return fail('dates', shiftMessages.dateOutOfRange);
  }
  return { values: shift, errors: {} };
};

function firstError(errors: FieldErrors<FormValues>): string | undefined {
  for (const field of fieldOrder) {
    const message = errors[field]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

function serverMessage(error: unknown): string {
  return errorText(error, shiftMessages.createFailed);
}

interface NewShiftFormProps {
  locations: LocationDto[] | undefined;
  locationsLoading: boolean;
  /** Shown instead of the location select when the locations could not be loaded. */
  locationsError?: string;
  /** Opens the Locations section with its add form (when the practice has no location). */
  onAddLocation: () => void;
  /** Called after the shifts were created or when the form is closed. */
  onClose: () => void;
}

/** A new staffing request: one shift per chosen date. */
export default function NewShiftForm({
  locations,
  locationsLoading,
  locationsError,
  onAddLocation,
  onClose,
}: NewShiftFormProps) {
  const headingId = useId();
  const datesLabelId = useId();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [dateWindow] = useState(() => postingWindow());
  const createShifts = useCreateShifts();
  const form = useForm<FormValues, unknown, NewShift>({
    resolver,
    defaultValues: emptyValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const position = useWatch({ control: form.control, name: 'position' });
  const offerWatch = useWatch({
    control: form.control,
    name: ['bookingMode', 'dates', 'instantBookFor'],
  });
  const marketWatch = useWatch({
    control: form.control,
    name: ['dates', 'startTime', 'endTime', 'rate', 'locationId', 'requirements'],
  });
  const { errors, isSubmitting } = form.formState;
  const validationMessage = firstError(errors);
  const message =
    validationMessage ?? (createShifts.isError ? serverMessage(createShifts.error) : undefined);

  // handleSubmit is called in the event handler: the callbacks use the banner ref.
  const onSubmit = (event: FormEvent) =>
    form.handleSubmit(
      async () => {
        createShifts.reset();
        try {
          await createShifts.mutateAsync(toInput(form.getValues()));
          toast.success(shiftMessages.created);
          form.reset(emptyValues);
          onClose();
        } catch {
          bannerRef.current?.scrollIntoView({ block: 'nearest' });
        }
      },
      () => {
        createShifts.reset();
        bannerRef.current?.scrollIntoView({ block: 'nearest' });
      },
    )(event);

  const busy = isSubmitting || createShifts.isPending;
  const noLocations = !locationsLoading && !locationsError && (locations?.length ?? 0) === 0;
  const showTimePerPatient = usesTimePerPatient(position);
  /** The chosen position, whose rate bounds the rate field states. */
  const ratePosition = (shiftPositions as readonly string[]).includes(position)
    ? (position as ShiftPosition)
    : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} tabIndex={-1} className="text-xl font-bold text-ink">
        New Staffing Request
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5" aria-labelledby={headingId}>
        <div ref={bannerRef}>{message ? <Banner tone="error">{message}</Banner> : null}</div>
        <SelectField
          label="Position"
          required
          placeholder="Select a position"
          options={shiftPositions.map((value) => ({ value, label: value }))}
          {...form.register('position')}
        />

        <div className="space-y-1">
          <p id={datesLabelId} className="text-sm font-medium text-slate-800">
            Dates{' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </p>
          <Controller
            control={form.control}
            name="dates"
            render={({ field }) => (
              <div className="overflow-x-auto rounded-md border border-slate-300 p-2">
                <DayPicker
                  aria-labelledby={datesLabelId}
                  mode="multiple"
                  timeZone={PRACTICE_TIME_ZONE}
                  weekStartsOn={0}
                  selected={field.value.map(toPickerDate)}
                  onSelect={(dates) => field.onChange((dates ?? []).map(toDateValue).sort())}
                  disabled={[{ before: dateWindow.firstDay }, { after: dateWindow.lastDay }]}
                  startMonth={dateWindow.firstMonth}
                  endMonth={dateWindow.lastMonth}
                  footer={
                    field.value.length === 0
                      ? 'No dates selected.'
                      : `${field.value.length} ${field.value.length === 1 ? 'date' : 'dates'} selected: ${field.value
                          .map((date) => formatShiftDate(toPickerDate(date)))
                          .join('; ')}`
                  }
                  className="text-sm"
                  style={dayPickerStyle}
                  modifiersStyles={{ selected: selectedDayStyle }}
                />
              </div>
            )}
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Start Time" type="time" required {...form.register('startTime')} />
          <TextField label="End Time" type="time" required {...form.register('endTime')} />
        </div>

        <TextField
          label="Hourly Rate ($)"
          type="number"
          inputMode="decimal"
          {...rateInputBounds(ratePosition)}
          step={0.01}
          required
          hint={ratePosition ? rateBoundsMessage(ratePosition) : undefined}
          {...form.register('rate')}
        />
        <MarketPanel
          fields={{
            position,
            dates: marketWatch[0],
            startTime: marketWatch[1],
            endTime: marketWatch[2],
            rate: marketWatch[3],
            locationId: marketWatch[4],
            requirements: marketWatch[5],
          }}
        />

        {locationsLoading ? (
          <p role="status" className="text-sm text-slate-700">
            Loading locations…
          </p>
        ) : locationsError ? (
          <Banner tone="error">{locationsError}</Banner>
        ) : noLocations ? (
          <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4">
            <p className="text-sm text-amber-950">{shiftMessages.noLocations}</p>
            <Button variant="secondary" onClick={onAddLocation}>
              Add Location
            </Button>
          </div>
        ) : (
          <SelectField
            label="Location"
            required
            placeholder="Select a location"
            options={(locations ?? []).map((location) => ({
              value: location.id,
              label: location.isMainLocation ? `${location.name} (Main)` : location.name,
            }))}
            {...form.register('locationId')}
          />
        )}

        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Break Time"
            options={breakTimeOptions.map((option) => ({
              value: String(option.value),
              label: option.label,
            }))}
            {...form.register('breakMinutes')}
          />
          {showTimePerPatient ? (
            <SelectField
              label="Time per Patient"
              options={timePerPatientOptions.map((minutes) => ({
                value: String(minutes),
                label: `${minutes} minutes`,
              }))}
              {...form.register('timePerPatient')}
            />
          ) : null}
        </div>

        <ChoiceCardsField
          legend="Booking"
          options={bookingModeOptions}
          registration={form.register('bookingMode')}
        />

        <OfferFields
          watched={{
            bookingMode: offerWatch[0],
            dateCount: offerWatch[1].length,
            instantBookFor: offerWatch[2],
          }}
          fields={{
            favouritesFirstHours: form.register('favouritesFirstHours'),
            instantBookFor: form.register('instantBookFor'),
            instantBookMinRating: form.register('instantBookMinRating'),
            wholeBlock: form.register('wholeBlock'),
          }}
        />

        <ChoiceCardsField
          legend={payTermsTexts.payThroughLegend}
          options={payThroughChoices}
          registration={form.register('payThrough')}
          footer={<PayTermsNote />}
        />

        <RequirementFields control={form.control} register={form.register} />

        <FieldShell label="Notes">
          {({ id }) => (
            <textarea
              id={id}
              rows={3}
              maxLength={2000}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600"
              {...form.register('notes')}
            />
          )}
        </FieldShell>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              form.reset(emptyValues);
              createShifts.reset();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating Shifts...' : 'Create Shifts'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * A choice shown as cards in a radio group (Tab reaches it, the arrow keys choose), each option
 * with its explanation: how the shift is booked, who pays the professional.
 */
function ChoiceCardsField<Name extends 'bookingMode' | 'payThrough'>({
  legend,
  options,
  registration,
  footer,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string; hint: string }>;
  registration: UseFormRegisterReturn<Name>;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              value={option.value}
              aria-describedby={`${id}-${option.value}-hint`}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
              {...registration}
            />
            <span>
              <span className="block font-medium text-ink">{option.label}</span>
              <span id={`${id}-${option.value}-hint`} className="block text-sm text-slate-700">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {footer}
    </fieldset>
  );
}

const bookingModeOptions = bookingModes.map((mode) => ({
  value: mode,
  label: bookingModeLabels[mode],
  hint: bookingModeHints[mode],
}));

const payThroughChoices = payThroughOptions.map((option) => ({
  value: option,
  label: payThroughLabels[option],
  hint: payThroughHelp[option],
}));

/** ChairFill's fee and the cancellation policy, before the practice posts. */
function PayTermsNote() {
  const terms = usePayTerms();
  if (!terms.data) return null;
  return (
    <div className="space-y-1 text-sm text-slate-700" data-testid="pay-terms-note">
      <p>{payTermsTexts.feeNote(terms.data.feeBasisPoints)}</p>
      <p>{payTermsTexts.practicePolicy(terms.data)}</p>
    </div>
  );
}
