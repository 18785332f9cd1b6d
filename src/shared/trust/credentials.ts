import { z } from 'zod';
import { isoInstant } from '../reply-fields';
import { isCalendarDate } from '../practice/shift-dates';
import { MAX_DECISION_REASON_LENGTH, screeningMessages } from '../screening-constants';
import { multiLineText, optionalText, requiredText } from '../validation/fields';
import {
  credentialKinds,
  credentialStatuses,
  credentialDecisions,
  credentialTexts,
  requiredCredentialStates,
} from './credentials-constants';

export * from './credentials-constants';

const MAX_NUMBER_LENGTH = 60;

const MAX_OTHER_NAME_LENGTH = 100;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const expiryField = z
  .string({ error: credentialTexts.expiryRequired })
  .trim()
  .min(1, credentialTexts.expiryRequired)
  .refine((value) => DATE.test(value) && isCalendarDate(value), credentialTexts.expiryInvalid);

const stateField = z
  .string({ error: credentialTexts.stateInvalid })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[A-Z]{2}$/.test(value), credentialTexts.stateInvalid);

/** Body of POST /api/professional/credentials (the Add credential form). */
export const newCredentialSchema = z
  .object({
    kind: z.enum(credentialKinds, { error: credentialTexts.kindRequired }),
    otherName: optionalText(MAX_OTHER_NAME_LENGTH),
    number: requiredText(credentialTexts.numberRequired, MAX_NUMBER_LENGTH),
    issuingState: stateField.default('NJ'),
    expiresOn: expiryField,
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'other' && !input.otherName) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherName'],
        message: credentialTexts.otherNameRequired,
      });
    }
  });

export type NewCredentialInput = z.input<typeof newCredentialSchema>;

export type NewCredential = z.output<typeof newCredentialSchema>;

/** Body of PUT /api/professional/credentials/:id: only the fields sent change (not the kind). */
export const credentialUpdateSchema = z.object({
  otherName: optionalText(MAX_OTHER_NAME_LENGTH).optional(),
  number: requiredText(credentialTexts.numberRequired, MAX_NUMBER_LENGTH).optional(),
  issuingState: stateField.optional(),
  expiresOn: expiryField.optional(),
});

export type CredentialUpdate = z.output<typeof credentialUpdateSchema>;

/** Body of POST /api/admin/credentials/:id/decisions. */
export const credentialDecisionSchema = z
  .object({
    decision: z.enum(credentialDecisions),
    reason: multiLineText({
      max: MAX_DECISION_REASON_LENGTH,
      tooLong: screeningMessages.reasonTooLong,
    })
      .optional()
      .transform((value) => value ?? ''),
    /** When the credential the admin looked at was last changed (the console sends it). */
    seenUpdatedAt: z.iso
      .datetime({ offset: true, error: 'Please open the credential again' })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'rejected' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: screeningMessages.reasonRequired });
    }
  });

const documentReply = z
  .object({ id: z.string(), name: z.string(), contentType: z.string() })
  .meta({ id: 'CredentialDocument' });

/** One credential as its owner sees it. */
export const credentialReply = z
  .object({
    id: z.string(),
    kind: z.enum(credentialKinds),
    /** The name people read (the kind's label, or what an 'other' one is). */
    name: z.string(),
    otherName: z.string(),
    number: z.string(),
    issuingState: z.string(),
    /** 'yyyy-MM-dd'; null for a license carried over from signup until its expiry is added. */
    expiresOn: z.string().nullable(),
    status: z.enum(credentialStatuses),
    /** The admin's reason when it was not verified. */
    decisionReason: z.string(),
    /** Its expiry date has passed (New Jersey calendar). */
    expired: z.boolean(),
    /** The role must keep a credential of this kind valid. */
    required: z.boolean(),
    /** Its owner may remove it (the server's rule: not expired, not a required one verified). */
    removable: z.boolean(),
    document: documentReply.nullable(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: 'Credential' });

export const credentialListReply = z
  .object({
    credentials: z.array(credentialReply),
    /** The role's required credentials and where the professional stands with each. */
    required: z.array(
      z.object({
        kind: z.enum(credentialKinds),
        name: z.string(),
        state: z.enum(requiredCredentialStates),
      }),
    ),
  })
  .meta({ id: 'CredentialList' });

export const credentialDecisionReply = z
  .object({
    id: z.string(),
    decision: z.enum(credentialDecisions),
    reason: z.string(),
    createdAt: isoInstant,
    admin: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'CredentialDecision' });

/** A credential as the admin console shows it. */
export const credentialForReviewReply = z
  .object({
    id: z.string(),
    kind: z.enum(credentialKinds),
    name: z.string(),
    number: z.string(),
    issuingState: z.string(),
    expiresOn: z.string().nullable(),
    expired: z.boolean(),
    status: z.enum(credentialStatuses),
    document: documentReply.nullable(),
    lookup: z.object({ label: z.string(), url: z.string() }).nullable(),
    professional: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(['hygienist', 'assistant', 'front-desk']),
    }),
    createdAt: isoInstant,
    updatedAt: isoInstant,
    /** Newest first. */
    history: z.array(credentialDecisionReply),
  })
  .meta({ id: 'CredentialForReview' });

export const credentialReviewListReply = z
  .object({
    status: z.enum(credentialStatuses),
    credentials: z.array(credentialForReviewReply),
    counts: z.object({
      pending: z.number().int(),
      verified: z.number().int(),
      rejected: z.number().int(),
    }),
  })
  .meta({ id: 'CredentialReviewList' });

export const credentialDecisionResultReply = z.object({
  decisionId: z.string(),
  credentialId: z.string(),
  status: z.enum(credentialStatuses),
});

export type CredentialDto = z.infer<typeof credentialReply>;

export type CredentialListDto = z.infer<typeof credentialListReply>;

export type CredentialForReviewDto = z.infer<typeof credentialForReviewReply>;

export type CredentialReviewListDto = z.infer<typeof credentialReviewListReply>;

export type CredentialDecisionDto = z.infer<typeof credentialDecisionReply>;
