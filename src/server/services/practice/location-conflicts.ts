import { genericErrors } from '@shared/messages';
import { findConstraintViolation } from '../../db/constraint-violation';
import { DomainError } from '../domain-error';

const EXACTLY_ONE_MAIN = 'A practice must have exactly one main location. Please try again.';

/**
 * Runs a location write and turns a database constraint violation (the one-main-location
 * index and trigger, a vanished practice) into a 409/404 with a clear message instead of a 500.
 * Such a violation only happens when two changes to the same practice's locations race.
 */
export async function withLocationConflicts<T>(
  failedMessage: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violation = findConstraintViolation(error);
    if (!violation) throw error;
    if (violation.code === '23503') {
      throw new DomainError(404, 'practice_not_found', genericErrors.notFound);
    }
    const separator = failedMessage.endsWith(' ') ? '' : '. ';
    throw new DomainError(
      409,
      'location_conflict',
      `${failedMessage}${separator}${EXACTLY_ONE_MAIN}`,
    );
  }
}
