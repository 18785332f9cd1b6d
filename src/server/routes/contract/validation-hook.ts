import type { Hook } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { validationError } from '../http';
import './zod-messages';

export interface ValidationHookOptions {
  /**
   * The overall message to answer instead of a field message when that one comes first: the
   * spec's catalogue text of a form (its alert or banner) next to the field's own text.
   */
  overallMessages?: Readonly<Record<string, string>>;
}

/**
 * What every declared route does with its validated input: a path id that fails its schema
 * cannot be one of ours (404 with the schema's message); a bad query or body is a 400 with the
 * first message per field.
 */
export function validationHook<E extends Env>(
  options: ValidationHookOptions = {},
): Hook<unknown, E, string, undefined> {
  return (result) => {
    if (result.success) return undefined;
    if (result.target === 'param') {
      throw new DomainError(
        404,
        'not_found',
        result.error.issues[0]?.message ?? genericErrors.notFound,
      );
    }
    throw validationError(result.error, options.overallMessages);
  };
}
