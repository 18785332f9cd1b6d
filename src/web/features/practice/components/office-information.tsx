import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { centsToDollars, formatHourlyRate } from '@shared/money-format';
import {
  officeInformationSchema,
  officeMessages,
  officeSectionFields,
  practiceSoftwareKeys,
  type OfficeInformationInput,
} from '@shared/practice/office';
import type { PracticeDto } from '@shared/practice/practice-replies';
import { aboutOfficeTexts } from '@shared/trust/practice-scorecard-constants';
import {
  aboutOfficeSchema,
  type AboutOfficeDto,
  type AboutOfficeInput,
} from '@shared/trust/practice-scorecard';
import { ChangeEmail } from '@web/components/portal/change-email';
import { AddressFields } from '@web/components/ui/address-fields';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { FormButtons } from '@web/components/ui/form-buttons';
import { PhoneField } from '@web/components/ui/contact-fields';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { QueryState } from '@web/components/ui/query-state';
import { TextAreaField } from '@web/components/ui/text-area-field';
import { ApiError } from '@web/lib/api-client';
import { usePractice } from '../api/practice';
import { usePracticeAbout, useSavePracticeAbout } from '../api/practice-about';
import { useUpdatePractice } from '../api/update-practice';

/** How long the Save button reads 'Saved!' or 'Error' (spec: 2 seconds). */
const FEEDBACK_MS = 2000;
const NOT_PROVIDED = 'Not provided';

export const practiceLoadFailed = 'Failed to load your office information. Please try again.';

/** The record as the PUT expects it: every field, maximum rates as dollar strings. */
function toInput(practice: PracticeDto): OfficeInformationInput {
  const dollars = (cents: number | null) => (cents === null ? '' : centsToDollars(cents));
  return {
    practiceName: practice.practiceName,
    address: practice.address,
    city: practice.city,
    state: practice.state,
    zipCode: practice.zipCode,
    phone: practice.phone,
    email: practice.email,
    businessOwner: practice.businessOwner,
    pointOfContact: practice.pointOfContact,
    mobileNumber: practice.mobileNumber,
    dentalSoftware: { ...practice.dentalSoftware },
    maxRates: {
      hygienist: dollars(practice.maxRates.hygienist),
      dentalAssistant: dollars(practice.maxRates.dentalAssistant),
      frontDesk: dollars(practice.maxRates.frontDesk),
    },
  };
}

/** Each section's part of the schema: it validates, shows and sends these fields only. */
function sectionSchema<K extends keyof OfficeInformationInput>(keys: readonly K[]) {
  const mask = Object.fromEntries(keys.map((key) => [key, true]));
  return officeInformationSchema.pick(mask as never) as unknown as z.ZodObject<
    Pick<(typeof officeInformationSchema)['shape'], K>
  >;
}
const basicSchema = sectionSchema(officeSectionFields.basic);
const contactSchema = sectionSchema(officeSectionFields.contact);
const softwareSchema = sectionSchema(officeSectionFields.softwareAndRates);

/** Office Information: three sections, each with its own edit mode and Save. */
export function OfficeInformation() {
  const practice = usePractice();
  if (practice.isPending) {
    return (
      <p role="status" className="text-slate-700">
        Loading office information…
      </p>
    );
  }
  if (practice.isError) return <Banner tone="error">{practiceLoadFailed}</Banner>;
  const record = practice.data;
  return (
    <div className="space-y-6">
      <BasicInformation practice={record} />
      <ContactInformation practice={record} />
      <SoftwareAndRates practice={record} />
      <AboutYourOffice />
    </div>
  );
}

type SaveState = 'idle' | 'saved' | 'error';

interface SectionEditor {
  editing: boolean;
  startEditing: () => void;
  stopEditing: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  saveLabel: string;
  saveState: SaveState;
  busy: boolean;
  serverError: string | null;
}

/**
 * One section's form (validated by the section's part of the schema), its edit mode and the Save
 * button's feedback: Save sends the section's own fields only (the others stay as they are);
 * 'Saved!' shows for 2 s, then the section returns to view mode; on failure 'Error' shows and
 * the section stays in edit mode.
 */
function useSectionEditor<S extends z.ZodObject>(practice: PracticeDto, schema: S) {
  /** The section's own fields of the record (the others stay out of its form). */
  const pick = (input: OfficeInformationInput) =>
    Object.fromEntries(
      Object.keys(schema.shape).map((key) => [key, input[key as keyof OfficeInformationInput]]),
    ) as z.input<S>;
  return useCardEditor(schema, () => pick(toInput(practice)), useUpdatePractice());
}

/** What a card saves through: its mutation (only the fields the card shows are sent). */
interface CardSave<S extends z.ZodObject> {
  mutateAsync: (values: z.input<S>) => Promise<unknown>;
  isPending: boolean;
}

/** A card's form, edit mode and Save feedback (see useSectionEditor), saved through `update`. */
function useCardEditor<S extends z.ZodObject>(
  schema: S,
  current: () => z.input<S>,
  update: CardSave<S>,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema) });
  const [editing, setEditing] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const startEditing = () => {
    clearTimeout(timer.current);
    form.reset(current());
    setSaveState('idle');
    setServerError(null);
    setEditing(true);
  };

  const stopEditing = () => {
    clearTimeout(timer.current);
    setSaveState('idle');
    setServerError(null);
    setEditing(false);
  };

  const save = async () => {
    clearTimeout(timer.current);
    setServerError(null);
    const values = form.getValues();
    try {
      // Only this section's fields: a save never rewrites what another section shows.
      await update.mutateAsync(values);
      setSaveState('saved');
      timer.current = setTimeout(() => {
        setSaveState('idle');
        setEditing(false);
      }, FEEDBACK_MS);
    } catch (error) {
      setSaveState('error');
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field.split('.')[0]! in values) form.setError(field as Path<z.input<S>>, { message });
        }
        if (error.status >= 400 && error.status < 500 && error.message) {
          setServerError(error.message);
        }
      }
      timer.current = setTimeout(() => setSaveState('idle'), FEEDBACK_MS);
    }
  };
  // handleSubmit is called in the event handler: `save` uses the timer ref.
  const onSubmit = (event?: BaseSyntheticEvent) => form.handleSubmit(save)(event);

  const saveLabel = update.isPending
    ? 'Saving...'
    : saveState === 'saved'
      ? officeMessages.saved
      : saveState === 'error'
        ? officeMessages.error
        : 'Save';

  const editor: SectionEditor = {
    editing,
    startEditing,
    stopEditing,
    onSubmit,
    saveLabel,
    saveState,
    busy: update.isPending || saveState === 'saved',
    serverError,
  };
  return { form, errors: form.formState.errors, editor };
}

function SectionCard({
  title,
  intro,
  editor,
  details,
  viewExtra,
  children,
}: {
  title: string;
  /** A line under the title saying what the card is for. */
  intro?: string;
  editor: SectionEditor;
  /** The view mode's terms and values; an empty value reads 'Not provided'. */
  details: Array<[string, string]>;
  /** Shown under the values in view mode (Change e-mail). */
  viewExtra?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {title}
        </h2>
        {editor.editing ? null : (
          <Button variant="secondary" onClick={editor.startEditing} aria-label={`Edit ${title}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
        )}
      </div>
      {intro ? <p className="mt-1 text-sm text-slate-700">{intro}</p> : null}
      {editor.editing ? (
        <form noValidate onSubmit={editor.onSubmit} className="mt-4 space-y-5" aria-label={title}>
          {editor.serverError ? <Banner tone="error">{editor.serverError}</Banner> : null}
          <fieldset disabled={editor.busy} className="space-y-5">
            {children}
          </fieldset>
          <FormButtons
            submitLabel={editor.saveLabel}
            onCancel={editor.stopEditing}
            disabled={editor.busy}
            submitVariant={editor.saveState === 'error' ? 'danger' : 'primary'}
            submitAriaLabel={`Save ${title}`}
          />
          <p role="status" className="sr-only">
            {editor.saveState === 'saved'
              ? `${title}: ${officeMessages.saved}`
              : editor.saveState === 'error'
                ? `${title}: ${officeMessages.error}`
                : ''}
          </p>
        </form>
      ) : (
        <div className="mt-4">
          <Details items={details} />
          {viewExtra ? <div className="mt-4">{viewExtra}</div> : null}
        </div>
      )}
    </section>
  );
}

function Details({ items }: { items: Array<[string, string]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm font-medium text-slate-700">{term}</dt>
          <dd
            className={`whitespace-pre-line [overflow-wrap:anywhere] ${value ? 'text-ink' : 'text-slate-600 italic'}`}
          >
            {value || NOT_PROVIDED}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BasicInformation({ practice }: { practice: PracticeDto }) {
  const { form, errors, editor } = useSectionEditor(practice, basicSchema);
  return (
    <SectionCard
      title="Basic Information"
      editor={editor}
      details={[
        ['Practice Name', practice.practiceName],
        ['Address', practice.address],
        ['City', practice.city],
        ['State', practice.state],
        ['ZIP Code', practice.zipCode],
      ]}
    >
      <TextField
        label="Practice Name"
        required
        autoComplete="organization"
        error={errors.practiceName?.message}
        {...form.register('practiceName')}
      />
      <AddressFields register={form.register} errors={errors} required streetLabel="Address" />
    </SectionCard>
  );
}

function ContactInformation({ practice }: { practice: PracticeDto }) {
  const { form, errors, editor } = useSectionEditor(practice, contactSchema);
  return (
    <SectionCard
      title="Contact Information"
      editor={editor}
      viewExtra={<ChangeEmail />}
      details={[
        ['Phone', practice.phone],
        ['Email', practice.email],
        ['Business Owner', practice.businessOwner],
        ['Point of Contact', practice.pointOfContact],
        ['Mobile Number', practice.mobileNumber],
      ]}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <PhoneField required error={errors.phone?.message} {...form.register('phone')} />
        <TextField
          label="Email"
          value={practice.email}
          readOnly
          disabled
          hint="Change it with Change e-mail: the new address is confirmed by a link."
        />
        <TextField
          label="Business Owner"
          autoComplete="name"
          error={errors.businessOwner?.message}
          {...form.register('businessOwner')}
        />
        <TextField
          label="Point of Contact"
          required
          autoComplete="name"
          error={errors.pointOfContact?.message}
          {...form.register('pointOfContact')}
        />
        <PhoneField
          label="Mobile Number"
          error={errors.mobileNumber?.message}
          {...form.register('mobileNumber')}
        />
      </div>
    </SectionCard>
  );
}

const rateFields = [
  ['hygienist', 'Hygienist'],
  ['dentalAssistant', 'Dental Assistant'],
  ['frontDesk', 'Front Desk'],
] as const;

function SoftwareAndRates({ practice }: { practice: PracticeDto }) {
  const { form, errors, editor } = useSectionEditor(practice, softwareSchema);
  const chosen = practiceSoftwareKeys.filter((key) => practice.dentalSoftware[key]);
  const other = practice.dentalSoftware.other;
  const softwareText = [...chosen, ...(other ? [other] : [])].join(', ');

  return (
    <SectionCard
      title="Software & Rates"
      editor={editor}
      details={[
        ['Dental Software', softwareText],
        ...rateFields.map(([key, label]): [string, string] => {
          const cents = practice.maxRates[key];
          return [`${label} Max Rate`, cents === null ? '' : formatHourlyRate(cents)];
        }),
      ]}
    >
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Dental Software</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {practiceSoftwareKeys.map((key) => (
            <label key={key} className="flex items-center gap-2 text-ink">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-400 accent-brand-600"
                {...form.register(`dentalSoftware.${key}`)}
              />
              {key}
            </label>
          ))}
        </div>
        <TextField
          label="Other Software"
          error={errors.dentalSoftware?.other?.message}
          {...form.register('dentalSoftware.other')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Maximum Hourly Rates</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          {rateFields.map(([key, label]) => (
            <TextField
              key={key}
              label={`${label} Max Rate ($/hr)`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              error={errors.maxRates?.[key]?.message}
              {...form.register(`maxRates.${key}`)}
            />
          ))}
        </div>
      </fieldset>
    </SectionCard>
  );
}

/** The saved self-description as the card's form holds it (numbers and yes/no as text). */
function toAboutInput(about: AboutOfficeDto): AboutOfficeInput {
  return {
    parking: about.parking,
    patientsPerHour: about.patientsPerHour === null ? '' : String(about.patientsPerHour),
    assistantProvided:
      about.assistantProvided === null ? '' : about.assistantProvided ? 'yes' : 'no',
    dressCode: about.dressCode,
    firstDayInstructions: about.firstDayInstructions,
  };
}

function yesNo(value: boolean | null): string {
  return value === null ? '' : value ? aboutOfficeTexts.yes : aboutOfficeTexts.no;
}

/**
 * "About your office": what professionals read on the practice's page before they apply (parking,
 * patients per hour, whether an assistant works with them, dress code, first-day instructions
 * without patient information). Its own Edit and Save, like the other cards; Save sends its
 * fields only.
 */
function AboutYourOffice() {
  const about = usePracticeAbout();
  return (
    <QueryState
      query={about}
      failed={aboutOfficeTexts.loadFailed}
      loadingText={aboutOfficeTexts.loading}
    >
      {(data) => <AboutYourOfficeCard about={data} />}
    </QueryState>
  );
}

function AboutYourOfficeCard({ about }: { about: AboutOfficeDto }) {
  const { form, errors, editor } = useCardEditor(
    aboutOfficeSchema,
    () => toAboutInput(about),
    useSavePracticeAbout(),
  );
  const labels = aboutOfficeTexts.labels;
  return (
    <SectionCard
      title={aboutOfficeTexts.cardTitle}
      editor={editor}
      details={[
        [labels.parking, about.parking],
        [
          labels.patientsPerHour,
          about.patientsPerHour === null ? '' : String(about.patientsPerHour),
        ],
        [labels.assistantProvided, yesNo(about.assistantProvided)],
        [labels.dressCode, about.dressCode],
        [labels.firstDayInstructions, about.firstDayInstructions],
      ]}
      intro={aboutOfficeTexts.cardHint}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={labels.parking}
          hint={aboutOfficeTexts.hints.parking}
          error={errors.parking?.message}
          {...form.register('parking')}
        />
        <TextField
          label={labels.dressCode}
          hint={aboutOfficeTexts.hints.dressCode}
          error={errors.dressCode?.message}
          {...form.register('dressCode')}
        />
        <TextField
          label={labels.patientsPerHour}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={aboutOfficeTexts.hints.patientsPerHour}
          error={errors.patientsPerHour?.message}
          {...form.register('patientsPerHour')}
        />
        <SelectField
          label={labels.assistantProvided}
          placeholder={aboutOfficeTexts.assistantNotSaid}
          options={[...aboutOfficeTexts.assistantOptions]}
          error={errors.assistantProvided?.message}
          {...form.register('assistantProvided')}
        />
      </div>
      <div className="space-y-2">
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {aboutOfficeTexts.noPatientData}
        </p>
        <TextAreaField
          label={labels.firstDayInstructions}
          rows={5}
          hint={aboutOfficeTexts.hints.firstDayInstructions}
          error={errors.firstDayInstructions?.message}
          {...form.register('firstDayInstructions')}
        />
      </div>
    </SectionCard>
  );
}
