import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  credentialLookup,
  credentialName,
  credentialStatuses,
  credentialTexts,
  credentialTransitions,
  type CredentialDecision,
  type CredentialDecisionDto,
  type CredentialKind,
  type CredentialReviewListDto,
  type CredentialStatus,
} from '@shared/trust/credentials';
import { reasonSentence } from '@shared/reason-text';
import { credentialDecisions, credentials, professionals, user } from '../../db/schema';
import { deliverNotifications } from '../../notifications/deliver-notifications';
import { composeNotice } from '../../notifications/marketplace-messages';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { professionalName } from '../marketplace/marketplace-actors';
import { credentialDocuments, credentialToday } from './credentials';

/** Upper bound of one console tab. */
const MAX_LISTED = 500;

const notFound = () => new DomainError(404, 'not_found', credentialTexts.notFound);

/** Where a professional reads their credentials. */
export function credentialsPath(portalPath: string): string {
  return `${portalPath}/credentials`;
}

/**
 * The credentials of one status for the admin console (longest waiting first): the credential,
 * its document, the issuer's public look-up, whose it is and the decisions so far (newest
 * first), with the number in each status for the tabs.
 */
export async function listCredentialsForReview(
  ctx: ServiceContext,
  status: CredentialStatus,
  now: Date = ctx.clock.now(),
): Promise<CredentialReviewListDto> {
  const rows = await ctx.db
    .select({ credential: credentials, professional: professionals })
    .from(credentials)
    .innerJoin(professionals, eq(professionals.id, credentials.professionalId))
    .where(eq(credentials.status, status))
    .orderBy(asc(credentials.updatedAt), asc(credentials.id))
    .limit(MAX_LISTED);
  const ids = rows.map((row) => row.credential.id);
  const [documents, history, statusCounts] = await Promise.all([
    credentialDocuments(
      ctx.db,
      rows.flatMap((row) => (row.credential.documentFileId ? [row.credential.documentFileId] : [])),
    ),
    decisionHistory(ctx, ids),
    ctx.db
      .select({ status: credentials.status, n: count() })
      .from(credentials)
      .groupBy(credentials.status),
  ]);
  const counts = Object.fromEntries(credentialStatuses.map((s) => [s, 0])) as Record<
    CredentialStatus,
    number
  >;
  for (const row of statusCounts) counts[row.status] = Number(row.n);
  const today = credentialToday(now);
  return {
    status,
    counts,
    credentials: rows.map(({ credential, professional }) => {
      const kind = credential.kind as CredentialKind;
      const document = credential.documentFileId
        ? documents.get(credential.documentFileId)
        : undefined;
      return {
        id: credential.id,
        kind,
        name: credentialName(kind, credential.otherName),
        number: credential.number,
        issuingState: credential.issuingState,
        expiresOn: credential.expiresOn,
        expired: credential.expiresOn !== null && credential.expiresOn < today,
        status: credential.status,
        document: document
          ? { id: document.id, name: document.originalName, contentType: document.contentType }
          : null,
        lookup: credential.issuingState === 'NJ' ? credentialLookup[kind] : null,
        professional: {
          id: professional.id,
          name: professionalName(professional),
          email: professional.email,
          role: professional.role,
        },
        createdAt: credential.createdAt.toISOString(),
        updatedAt: credential.updatedAt.toISOString(),
        history: history.get(credential.id) ?? [],
      };
    }),
  };
}

async function decisionHistory(
  ctx: ServiceContext,
  credentialIds: string[],
): Promise<Map<string, CredentialDecisionDto[]>> {
  const history = new Map<string, CredentialDecisionDto[]>();
  if (credentialIds.length === 0) return history;
  const rows = await ctx.db
    .select({ decision: credentialDecisions, adminName: user.name, adminEmail: user.email })
    .from(credentialDecisions)
    .leftJoin(user, eq(user.id, credentialDecisions.adminUserId))
    .where(inArray(credentialDecisions.credentialId, credentialIds))
    .orderBy(desc(credentialDecisions.createdAt), desc(credentialDecisions.id));
  for (const { decision, adminName, adminEmail } of rows) {
    const list = history.get(decision.credentialId) ?? [];
    list.push({
      id: decision.id,
      decision: decision.decision,
      reason: decision.reason,
      createdAt: decision.createdAt.toISOString(),
      admin: decision.adminUserId
        ? { id: decision.adminUserId, name: adminName ?? '', email: adminEmail ?? '' }
        : null,
    });
    history.set(decision.credentialId, list);
  }
  return history;
}

/**
 * An admin verifies or rejects (with a reason) a credential: the history row, the new status and
 * the professional's bell entry and e-mail in one transaction, with the credential's row locked
 * (two admins at once cannot both pass the transition check). The status change announces the
 * professional (a trigger), so their board follows at once, and bumps the reach epoch.
 */
export async function decideCredential(
  ctx: ServiceContext,
  adminUserId: string,
  credentialId: string,
  input: { decision: CredentialDecision; reason: string; seenUpdatedAt?: string },
) {
  const reason = input.decision === 'rejected' ? input.reason.trim() : '';
  if (input.decision === 'rejected' && !reason) {
    throw new DomainError(400, 'validation_failed', credentialTexts.admin.reasonRequired, {
      reason: credentialTexts.admin.reasonRequired,
    });
  }
  const decisionId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ credential: credentials, professionalUserId: professionals.userId })
      .from(credentials)
      .innerJoin(professionals, eq(professionals.id, credentials.professionalId))
      .where(eq(credentials.id, credentialId))
      .for('update', { of: credentials });
    if (!row) throw notFound();
    // The professional edited it (another document, number or expiry) after the admin opened
    // it: the decision would be about something they have not seen.
    if (
      input.seenUpdatedAt !== undefined &&
      row.credential.updatedAt.getTime() !== Date.parse(input.seenUpdatedAt)
    ) {
      throw new DomainError(409, 'credential_changed', credentialTexts.admin.changedSince);
    }
    if (!credentialTransitions[input.decision].includes(row.credential.status)) {
      throw new DomainError(
        409,
        'invalid_transition',
        credentialTexts.admin.alreadyDecided[input.decision],
      );
    }
    const now = ctx.clock.now();
    const [decision] = await tx
      .insert(credentialDecisions)
      .values({ credentialId, adminUserId, decision: input.decision, reason })
      .returning({ id: credentialDecisions.id });
    await tx
      .update(credentials)
      .set({
        status: input.decision,
        decisionReason: reason,
        decidedAt: now,
        updatedAt: now,
        // The expiry ChairFill verified: a later edit does not move it (decision record 024).
        ...(input.decision === 'verified' ? { verifiedUntil: sql`${credentials.expiresOn}` } : {}),
      })
      .where(eq(credentials.id, credentialId));
    const name = credentialName(row.credential.kind as CredentialKind, row.credential.otherName);
    const { notices } = credentialTexts;
    const title =
      input.decision === 'verified' ? notices.verifiedTitle(name) : notices.rejectedTitle(name);
    const body = [
      input.decision === 'verified' ? notices.verifiedBody(name) : notices.rejectedBody(name),
      reasonSentence(reason),
    ]
      .filter(Boolean)
      .join(' ');
    await deliverNotifications(tx, [
      {
        userId: row.professionalUserId,
        kind: 'credential_update',
        compose: (recipient) =>
          composeNotice(recipient, ctx.env.publicUrl, {
            title,
            body,
            linkPath: credentialsPath(recipient.portalPath),
            actionLabel: notices.openCredentials,
          }),
      },
    ]);
    return decision!.id;
  });
  ctx.logger.info('credential decision', { credentialId, adminUserId, decision: input.decision });
  return { decisionId, credentialId, status: input.decision };
}
