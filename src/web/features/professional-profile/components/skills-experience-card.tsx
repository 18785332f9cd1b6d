import { Suspense } from 'react';
import {
  checkedLabels,
  mergeFlagGroup,
  OTHER_KEY,
  type FlagGroupDescription,
  type FlagGroupValue,
} from '@shared/professional/flag-groups';
import { professionalMessages } from '@shared/professional/messages';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { EditableCard, type ProfileCardProps } from './editable-card';
import { FormLoading } from './form-loading';
import { ReadField } from './read-only';
import { ResumeField } from './resume-field';

// The card's form (with the form library, zod and the shared field rules) loads when Edit is
// chosen: the profile's first screen shows the card read-only and runs none of it.
const SkillsForm = lazyChunk(() => import('./skills-experience-form'));

/**
 * Skills & Experience: years of experience, the resume, and the role's flag groups. In edit mode
 * the groups are an accordion with one section open at a time; in read mode every group shows.
 */
export function SkillsExperienceCard({ profile, description }: ProfileCardProps) {
  return (
    <EditableCard
      title={description.skillsCardTitle}
      formId="skills-experience-form"
      saveMessage={description.saveMessage}
      lead={<ResumeField resume={profile.resume} />}
    >
      {({ editing, form }) =>
        editing ? (
          <Suspense fallback={<FormLoading />}>
            <SkillsForm {...form} profile={profile} description={description} />
          </Suspense>
        ) : (
          <dl className="space-y-4">
            <ReadField label="Years of Experience" value={String(profile.yearsOfExperience)} />
            {description.flagGroups.map((group) => (
              <FlagGroupReadView
                key={group.name}
                group={group}
                value={mergeFlagGroup(group, profile[group.name])}
              />
            ))}
          </dl>
        )
      }
    </EditableCard>
  );
}

function FlagGroupReadView({
  group,
  value,
}: {
  group: FlagGroupDescription;
  value: FlagGroupValue;
}) {
  const labels = checkedLabels(group, value);
  const other = group.hasOther ? String(value[OTHER_KEY] ?? '').trim() : '';
  const empty = labels.length === 0 && !other;
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{group.label}</dt>
      <dd className="mt-1">
        {empty ? (
          <span className="text-slate-500 italic">{professionalMessages.notProvided}</span>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {labels.map((label) => (
              <li key={label} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                {label}
              </li>
            ))}
            {other ? (
              <li className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                Other: {other}
              </li>
            ) : null}
          </ul>
        )}
      </dd>
    </div>
  );
}
