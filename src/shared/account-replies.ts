import { z } from 'zod';
import { accountTypes } from './accounts';

/** The accounts' answers (sign-up, sign-in, session, settings) as zod schemas; types inferred. */

/** Where the signed-in account's portal is, e.g. '/practice-portal'. */
export const portalPathReply = z.object({ portalPath: z.string() });

export const loginReply = z.object({ portalPath: z.string(), accountType: z.enum(accountTypes) });

/** An answer that only says what happened, in the spec's words. */
export const messageReply = z.object({ message: z.string() });

export const sessionUserReply = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    accountType: z.enum(accountTypes),
    portalPath: z.string(),
  })
  .meta({ id: 'SessionUser' });

/** The signed-in user (never the session token), or null when signed out. */
export const sessionReply = z.object({ user: sessionUserReply.nullable() }).meta({ id: 'Session' });

export const accountSessionReply = z
  .object({
    id: z.string(),
    /** 'Chrome on Windows', from the browser's user agent; 'Unknown device' when it says nothing. */
    device: z.string(),
    /** 'Desktop', 'Mobile' or 'Tablet'; null when unknown. */
    deviceType: z.string().nullable(),
    ipAddress: z.string().nullable(),
    signedInAt: z.string().meta({ description: 'ISO 8601 instant' }),
    lastActiveAt: z.string().meta({ description: 'ISO 8601 instant' }),
    /** The session of the browser asking. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });

export const accountSessionsReply = z.object({ sessions: z.array(accountSessionReply) });

export const otherSessionsEndedReply = z.object({ message: z.string(), ended: z.number().int() });

export const emailChangeRequestedReply = z.object({
  pendingEmail: z.string(),
  message: z.string(),
});

export const emailChangeConfirmedReply = z.object({ email: z.string(), message: z.string() });

export type SessionReply = z.infer<typeof sessionReply>;
export type AccountSessionView = z.infer<typeof accountSessionReply>;
export type AccountSessionsReply = z.infer<typeof accountSessionsReply>;
