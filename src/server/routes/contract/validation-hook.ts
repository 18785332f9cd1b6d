import type { Hook } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { z } from 'zod';
import { fieldMessages, genericErrors } from '@shared/messages';
import { DomainError } from '../../services/domain-error';
import { validationError } from '../http';

/**
 * The message of a field whose schema gives none of its own (a wrong type, an unknown key): a
 * missing field is required, anything else asks to check the input; never zod's technical text.
 * Zod applies it only where a schema has no message of its own, on every parse in the server.
 */
z.config({
  customError: (issue) =>
    issue.input === undefined ? fieldMessages.required : genericErrors.badRequest,
});

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
