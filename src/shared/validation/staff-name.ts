import { optionalText } from './fields';

/** Longest staff (admin) name accepted: a full name, with room to spare. */
export const MAX_STAFF_NAME_LENGTH = 100;

/**
 * A staff member's own name, as the admin console shows it on their decisions: trimmed, one
 * line, at most MAX_STAFF_NAME_LENGTH characters. '' means not given (the console then shows
 * the admin's e-mail address).
 */
export const staffNameSchema = optionalText(MAX_STAFF_NAME_LENGTH);

export interface StaffInvite {
  /** Normalized (lower-case) e-mail address. */
  email: string;
  /** The staff member's name; '' when none was given. */
  name: string;
}
