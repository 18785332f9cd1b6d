import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { shiftPositions, type ShiftPosition } from '@shared/practice/shifts';
import {
  isCredentialRequirement,
  requirementLabel,
  requirementTexts,
  shiftRequirementsByPosition,
} from '@shared/trust/requirements-constants';

/** The new-shift form's requirements (decision record 022): keys of @shared/trust/requirements. */
export interface RequirementFormValues {
  position: string;
  requirements: string[];
}

export const emptyRequirementValues = { requirements: [] as string[] };

function offeredFor(position: string): readonly string[] {
  return (shiftPositions as readonly string[]).includes(position)
    ? shiftRequirementsByPosition[position as ShiftPosition]
    : [];
}

/** The form's ticks as the shared schema reads them: only those the position offers. */
export function requirementInput(values: RequirementFormValues) {
  const offered = offeredFor(values.position);
  return { requirements: (values.requirements ?? []).filter((key) => offered.includes(key)) };
}

/**
 * What the shift requires, for the chosen position: credentials ChairFill verifies, then skills
 * from the professional's profile. Only professionals who hold all of them see and take it.
 */
export function RequirementFields<Values extends RequirementFormValues, Output>({
  control,
  register,
}: {
  control: Control<Values, unknown, Output>;
  register: UseFormRegister<Values>;
}) {
  const position = useWatch({
    control: control as unknown as Control<RequirementFormValues>,
    name: 'position',
  });
  const offered = offeredFor(position);
  if (offered.length === 0) return null;
  const reg = register as unknown as UseFormRegister<RequirementFormValues>;
  const groups = [
    { legend: requirementTexts.credentialsGroup, keys: offered.filter(isCredentialRequirement) },
    {
      legend: requirementTexts.skillsGroup,
      keys: offered.filter((key) => !isCredentialRequirement(key)),
    },
  ].filter((group) => group.keys.length > 0);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{requirementTexts.legend}</legend>
      <p className="text-xs text-slate-600">{requirementTexts.hint}</p>
      {groups.map((group) => (
        <fieldset key={group.legend} className="space-y-2">
          <legend className="text-sm font-semibold text-ink">{group.legend}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.keys.map((key) => (
              <label key={key} className="flex items-start gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  value={key}
                  className="mt-0.5 h-4 w-4 accent-brand-600"
                  {...reg('requirements')}
                />
                <span>{requirementLabel(key)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
