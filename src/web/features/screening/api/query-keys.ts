import type { ProfessionalStatus } from '@shared/screening-constants';

/** The admin console's lists, one per verification status, all under `all`. */
export const screeningKeys = {
  all: ['admin', 'professionals'],
  list: (status: ProfessionalStatus) => [...screeningKeys.all, status] as const,
} as const;
