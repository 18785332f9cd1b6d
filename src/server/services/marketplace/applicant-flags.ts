import type { ProfessionalRole } from '@shared/accounts';
import { OTHER_KEY, type FlagGroupDescription } from '@shared/professional/flag-groups';
import { roleDescriptions } from '@shared/professional/roles';
import type { FlagGroup } from '../../db/schema/professionals';

type FlagColumns = Record<FlagGroupDescription['name'], FlagGroup>;

/** The labels a professional ticked in one group, then their 'other' text. */
function tickedLabels(group: FlagGroupDescription, value: FlagGroup | undefined): string[] {
  const labels = group.options
    .filter((option) => value?.[option.key] === true)
    .map((option) => option.label);
  const other = value?.[OTHER_KEY];
  if (group.hasOther && typeof other === 'string' && other.trim()) labels.push(other.trim());
  return labels;
}

/**
 * What an applicant card lists: the certifications group, and as skills every other group of
 * the role's Skills & Experience card (specialties, scanning, software, CBCT, skills), in the
 * card's order.
 */
export function applicantFlagLabels(
  role: ProfessionalRole,
  row: FlagColumns,
): { certifications: string[]; skills: string[] } {
  const certifications: string[] = [];
  const skills: string[] = [];
  for (const group of roleDescriptions[role].flagGroups) {
    const labels = tickedLabels(group, row[group.name]);
    if (group.name === 'certifications') certifications.push(...labels);
    else skills.push(...labels);
  }
  return { certifications, skills };
}
