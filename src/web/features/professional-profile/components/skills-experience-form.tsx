import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  mergeFlagGroup,
  OTHER_KEY,
  OTHER_MAX_LENGTH,
  type FlagGroupDescription,
  type FlagGroupValue,
} from '@shared/professional/flag-groups';
import {
  flagGroupSchema,
  MAX_YEARS_OF_EXPERIENCE,
  yearsOfExperienceField,
  type ProfileUpdateInput,
} from '@shared/professional/profile';
import type { ProfessionalRoleDescription } from '@shared/professional/roles';
import { TextField } from '@web/components/ui/form-field';
import type { CardFormProps, ProfileCardProps } from './editable-card';

type Values = { yearsOfExperience: string } & Record<string, FlagGroupValue | string>;

function schemaFor(description: ProfessionalRoleDescription) {
  const shape: Record<string, z.ZodType> = { yearsOfExperience: yearsOfExperienceField };
  for (const group of description.flagGroups) shape[group.name] = flagGroupSchema(group);
  return z.object(shape);
}

/**
 * The card's edit mode: years of experience and the role's flag groups as an accordion with one
 * section open at a time.
 */
export default function SkillsForm({
  formId,
  profile,
  description,
  onSave,
}: CardFormProps & ProfileCardProps) {
  const defaults: Values = { yearsOfExperience: String(profile.yearsOfExperience) };
  for (const group of description.flagGroups) {
    defaults[group.name] = mergeFlagGroup(group, profile[group.name]);
  }
  const form = useForm<Values>({
    // The groups depend on the role; the values are booleans and text as the form holds them.
    resolver: zodResolver(schemaFor(description)) as unknown as Resolver<Values>,
    defaultValues: defaults,
  });
  const [open, setOpen] = useState<string | null>(description.flagGroups[0]?.name ?? null);
  const submit = () => {
    onSave(form.getValues() as ProfileUpdateInput, (fields) => {
      for (const [name, message] of Object.entries(fields)) {
        form.setError(name as Path<Values>, { message });
        const group = name.split('.')[0];
        if (group && group !== 'yearsOfExperience') setOpen(group);
      }
    });
  };
  const yearsError = form.formState.errors.yearsOfExperience?.message;
  return (
    <form
      id={formId}
      noValidate
      onSubmit={form.handleSubmit(submit, (errors) => {
        const group = description.flagGroups.find((g) => errors[g.name]);
        if (group) setOpen(group.name);
      })}
      className="space-y-4"
    >
      <div className="max-w-xs">
        <TextField
          label="Years of Experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_YEARS_OF_EXPERIENCE}
          step={1}
          error={typeof yearsError === 'string' ? yearsError : undefined}
          {...form.register('yearsOfExperience')}
        />
      </div>
      <div className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {description.flagGroups.map((group) => (
          <FlagGroupSection
            key={group.name}
            group={group}
            form={form}
            open={open === group.name}
            onToggle={() => setOpen((current) => (current === group.name ? null : group.name))}
          />
        ))}
      </div>
    </form>
  );
}

function FlagGroupSection({
  group,
  form,
  open,
  onToggle,
}: {
  group: FlagGroupDescription;
  form: UseFormReturn<Values>;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const errors = form.formState.errors as Record<string, unknown>;
  const groupError = (errors[group.name] as { message?: string } | undefined)?.message;
  const otherError = (errors[group.name] as Record<string, { message?: string }> | undefined)?.[
    OTHER_KEY
  ]?.message;
  return (
    <div>
      <h3>
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          className="flex w-full items-center justify-between px-4 py-3 text-left font-semibold text-ink hover:bg-slate-50"
        >
          {group.label}
          <ChevronDown
            className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h3>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
        className="px-4 pb-4"
      >
        <fieldset>
          <legend className="sr-only">{group.label}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.options.map((option) => (
              <label key={option.key} className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  {...form.register(`${group.name}.${option.key}` as Path<Values>)}
                />
                {option.label}
              </label>
            ))}
          </div>
          {group.hasOther ? (
            <div className="mt-3">
              <TextField
                label={`Other ${group.label}`}
                maxLength={OTHER_MAX_LENGTH}
                error={otherError}
                {...form.register(`${group.name}.${OTHER_KEY}` as Path<Values>)}
              />
            </div>
          ) : null}
          {groupError ? <p className="mt-2 text-sm text-red-700">{groupError}</p> : null}
        </fieldset>
      </div>
    </div>
  );
}
