import { z } from 'zod';

/** The JSON shape of every error answer from the API. */
export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      /** Field name -> first message, for validation errors. */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
