import { z } from 'zod';

export * from './requirements-constants';

/** Part of `newShiftSchema`: the requirements field. */
export const requirementFields = {
  requirements: z.array(z.string()).max(40).default([]),
};
