import { isCredentialRequirement, requirementLabel } from '@shared/trust/requirements';

export interface RequirementNote {
  /** Open future shifts that fit them by every other rule of Find Shifts. */
  shifts: number;
  /** The requirement most of them ask for that the professional does not hold. */
  requirement: string;
  label: string;
  /** A credential (add it in Credentials) rather than a profile skill (tick it in the profile). */
  credential: boolean;
}

/**
 * Which requirement keeps shifts from this professional (decision record 022): the open future
 * shifts that fit them by the board's other rules (position, availability window, travel
 * distance, minimum rate, a practice open to them, offered to them now) but ask for something
 * they do not hold on the shift's date (eligibility-sql.ts, boardRequirements), counted, with
 * the requirement most of them name. Null when there are none. Counted by the board's own
 * statement, from the same scan (list-shift-board.ts: `hidden_shifts`, `hidden_requirement`).
 */
export function requirementNoteOf(
  row: { hidden_shifts: number | string | null; hidden_requirement: string | null } | undefined,
): RequirementNote | null {
  const shifts = Number(row?.hidden_shifts ?? 0);
  const requirement = row?.hidden_requirement;
  if (shifts === 0 || !requirement) return null;
  return {
    shifts,
    requirement,
    label: requirementLabel(requirement),
    credential: isCredentialRequirement(requirement),
  };
}
