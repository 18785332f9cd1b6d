/**
 * The professional's own profile, dashboard figures, reliability and booked shifts (the calendar).
 */
export const professionalProfileKeys = {
  profile: ['professional', 'profile'],
  dashboard: ['professional', 'dashboard'],
  reliability: ['professional', 'reliability'],
  bookedShifts: ['professional', 'shifts'],
} as const;
