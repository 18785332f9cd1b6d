import { z } from 'zod';
import { fieldMessages, genericErrors } from '@shared/messages';

/**
 * The message of a field whose schema gives none of its own (a wrong type, an unknown key): a
 * missing field is required, anything else asks to check the input; never zod's technical text.
 * Zod applies it only where a schema has no message of its own, on every parse in the server
 * (imported once by every reader of input: the declared routes' hook and routes/http.ts).
 */
z.config({
  customError: (issue) =>
    issue.input === undefined ? fieldMessages.required : genericErrors.badRequest,
});
