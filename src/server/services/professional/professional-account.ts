import type { ProfessionalRole } from '@shared/accounts';

/** The signed-in professional a service acts for (the account id is the record's owner). */
export interface ProfessionalAccount {
  id: string;
  email: string;
  role: ProfessionalRole;
}
