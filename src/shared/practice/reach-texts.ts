/**
 * The practice's reach line of an open shift (Staffing Requests, the dashboard's month): how
 * many verified professionals it fits now, or that the count is still being made (decision
 * record 034: a list shows the stored count and never computes one).
 */
export const reachTexts = {
  /** The count is not stored yet (a new or changed shift): the shift-reach job makes it. */
  pending: 'Counting the professionals it reaches…',
  counted(reach: number, hasRequirements: boolean): string {
    if (reach === 0) {
      return hasRequirements
        ? 'Reaches no verified professionals who hold its requirements yet — consider fewer requirements, the rate or the time'
        : 'Reaches no verified professionals yet — consider the rate or the time';
    }
    const people = `${reach} verified ${reach === 1 ? 'professional' : 'professionals'}`;
    return hasRequirements ? `Reaches ${people} who hold its requirements` : `Reaches ${people}`;
  },
} as const;
