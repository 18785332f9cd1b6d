import { z } from 'zod';
import { licenseTypes, professionalRoles } from './accounts';
import { storedFileReply } from './professional/professional-replies';
import { professionalStatuses, verificationDecisionKinds } from './screening-constants';

/** The admin console's answers as zod schemas; types inferred. */

export const verificationDecisionReply = z
  .object({
    id: z.string(),
    decision: z.enum([...verificationDecisionKinds, 'changed']),
    reason: z.string(),
    createdAt: z.string(),
    /** The admin who decided (null if their account was removed, or for 'changed'). */
    admin: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'VerificationDecision' });

/** A stored file as the console shows it: where to open it, its name and type. */
const screeningFileReply = storedFileReply.pick({ url: true, name: true, contentType: true });

/** One professional in the admin console. */
export const screeningProfessionalReply = z
  .object({
    id: z.string(),
    userId: z.string(),
    role: z.enum(professionalRoles),
    position: z.string(),
    status: z.enum(professionalStatuses),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    licenseNumber: z.string().nullable(),
    licenseType: z.enum(licenseTypes).nullable(),
    yearsOfExperience: z.number().int(),
    photo: screeningFileReply.nullable(),
    resume: screeningFileReply.nullable(),
    createdAt: z.string(),
    /** Newest first. */
    history: z.array(verificationDecisionReply),
  })
  .meta({ id: 'ScreeningProfessional' });

export const screeningListReply = z
  .object({
    status: z.enum(professionalStatuses),
    professionals: z.array(screeningProfessionalReply),
    counts: z.object(
      Object.fromEntries(
        professionalStatuses.map((status) => [status, z.number().int()]),
      ) as Record<(typeof professionalStatuses)[number], z.ZodNumber>,
    ),
  })
  .meta({ id: 'ScreeningList' });

export const decisionResultReply = z.object({
  decisionId: z.string(),
  professionalId: z.string(),
  status: z.enum(professionalStatuses),
});

export type VerificationDecisionDto = z.infer<typeof verificationDecisionReply>;
export type ScreeningFileDto = z.infer<typeof screeningFileReply>;
export type ScreeningProfessionalDto = z.infer<typeof screeningProfessionalReply>;
export type ScreeningListDto = z.infer<typeof screeningListReply>;
export type DecisionResult = z.infer<typeof decisionResultReply>;
