/** The professional's own profile, dashboard figures and booked shifts (the calendar). */
export const professionalProfileKeys = {
  profile: ['professional', 'profile'],
  dashboard: ['professional', 'dashboard'],
  bookedShifts: ['professional', 'shifts'],
} as const;
