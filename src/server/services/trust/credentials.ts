import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ProfessionalRole } from '@shared/accounts';
import { addDays, practiceDateOf, practiceInstant } from '@shared/practice/shift-dates';
import {
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  credentialName,
  credentialTexts,
  requiredCredentialKinds,
  type CredentialDto,
  type CredentialKind,
  type CredentialListDto,
  type CredentialUpdate,
  type NewCredential,
  type RequiredCredentialState,
} from '@shared/trust/credentials';
import type { ProfessionalSignup } from '@shared/validation/professional-signup';
import { queryRows, type Database } from '../../db/client';
import { credentialDecisions, credentials, storedFiles } from '../../db/schema';
import type { ServiceContext } from '../context';
import { DomainError } from '../domain-error';
import { keptAnswer } from '../kept-answer-registry';
import { lapsedRequiredCredentials } from '../matching/eligibility-sql';
import { checkUpload } from '../files/check-upload';
import { displayFileName } from '../files/file-names';
import { credentialDocumentKey } from '../files/storage-keys';
import { deleteStoredFile } from '../files/stored-file-access';
import { ensureProfessional } from '../professional/ensure-professional';
import type { ProfessionalAccount } from '../professional/professional-account';
import type { Upload } from '../professional/replace-professional-file';

type CredentialRow = typeof credentials.$inferSelect;

/**
 * Whether ChairFill ever verified the credential (a 'verified' decision on record), whatever its
 * status since: an edit sends it back to review but does not make it one practices never relied on.
 */
// Qualified by hand: a one-table select names its columns bare, and a bare "id" here would be
// the decision's own.
const everVerified = sql<boolean>`exists (select 1 from credential_decisions ever
  where ever.credential_id = credentials.id and ever.decision = 'verified')`;
type StoredFileRow = typeof storedFiles.$inferSelect;

const notFound = () => new DomainError(404, 'not_found', credentialTexts.notFound);

function refuse(message: string, field: string): DomainError {
  return new DomainError(400, 'validation_failed', message, { [field]: message });
}

/** Today's date on the New Jersey calendar ('yyyy-MM-dd'): a credential expiring today is valid. */
export function credentialToday(now: Date = new Date()): string {
  return practiceDateOf(now);
}

/**
 * Whether its owner may remove it: not an expired one (kept as it was), and not one their role
 * requires once ChairFill verified it (also after an edit sent it back to review, with or without
 * an expiry: removing it would make it 'missing', which does not block bookings, and would take
 * its decisions with it).
 */
function mayRemove(
  row: CredentialRow,
  role: ProfessionalRole,
  today: string,
  wasVerified: boolean,
): boolean {
  if (row.expiresOn !== null && row.expiresOn < today) return false;
  const required = requiredCredentialKinds[role].includes(row.kind as CredentialKind);
  return !(required && (row.status === 'verified' || row.verifiedUntil !== null || wasVerified));
}

/** A credential as its owner reads it. */
export function toCredentialDto(
  row: CredentialRow,
  document: StoredFileRow | null,
  role: ProfessionalRole,
  today: string,
  wasVerified: boolean,
): CredentialDto {
  const kind = row.kind as CredentialKind;
  return {
    id: row.id,
    kind,
    name: credentialName(kind, row.otherName),
    otherName: row.otherName,
    number: row.number,
    issuingState: row.issuingState,
    expiresOn: row.expiresOn,
    status: row.status,
    decisionReason: row.decisionReason,
    expired: row.expiresOn !== null && row.expiresOn < today,
    required: requiredCredentialKinds[role].includes(kind),
    removable: mayRemove(row, role, today, wasVerified),
    document: document
      ? { id: document.id, name: document.originalName, contentType: document.contentType }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Where the professional stands with one required kind: valid (a verified one not expired),
 * expired (the rule that blocks new bookings, read from the database's one rule,
 * lapsedRequiredCredentials: one expired, or past the expiry ChairFill last verified, and no
 * valid one left), pending (one waiting for review), missing (none, or only ones without expiry).
 */
function requiredState(
  rows: CredentialRow[],
  lapsed: boolean,
  today: string,
): RequiredCredentialState {
  const valid = rows.some(
    (row) => row.status === 'verified' && (row.expiresOn === null || row.expiresOn >= today),
  );
  if (valid) return 'valid';
  if (lapsed) return 'expired';
  if (rows.some((row) => row.status === 'pending')) return 'pending';
  return 'missing';
}

/** The professional's credentials and required ones, and their record's id. */
export async function listOwnCredentials(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  now: Date = ctx.clock.now(),
): Promise<{ professionalId: string; list: CredentialListDto }> {
  const me = await ensureProfessional(ctx, account);
  const today = credentialToday(now);
  const requiredKinds = requiredCredentialKinds[me.role];
  const [rows, lapsed] = await Promise.all([
    ctx.db
      .select({ credential: credentials, document: storedFiles, everVerified })
      .from(credentials)
      .leftJoin(storedFiles, eq(storedFiles.id, credentials.documentFileId))
      .where(eq(credentials.professionalId, me.id))
      .orderBy(asc(credentials.createdAt), asc(credentials.id)),
    requiredKinds.length === 0
      ? Promise.resolve([])
      : queryRows<{ kind: string }>(
          ctx.db,
          lapsedRequiredCredentials(
            sql`${me.id}::uuid`,
            sql`array[${sql.join(
              requiredKinds.map((kind) => sql`${kind}`),
              sql`, `,
            )}]::text[]`,
            sql`${today}::date`,
          ),
        ),
  ]);
  const lapsedKinds = new Set(lapsed.map((row) => row.kind));
  const list: CredentialListDto = {
    credentials: rows.map((row) =>
      toCredentialDto(row.credential, row.document, me.role, today, row.everVerified),
    ),
    required: requiredKinds.map((kind) => ({
      kind,
      name: credentialName(kind),
      state: requiredState(
        rows.map((row) => row.credential).filter((row) => row.kind === kind),
        lapsedKinds.has(kind),
        today,
      ),
    })),
  };
  return { professionalId: me.id, list };
}

/**
 * GET /api/professional/credentials as sent, kept in the server's memory (decision record 011)
 * until their credentials or record change, or New Jersey's day ends (what has expired moves).
 */
export async function ownCredentialsJson(
  ctx: ServiceContext,
  account: ProfessionalAccount,
): Promise<string> {
  return keptAnswer(ctx.db, 'credentials', [account.id], async () => {
    const now = ctx.clock.now();
    const { professionalId, list } = await listOwnCredentials(ctx, account, now);
    return {
      body: JSON.stringify(list),
      tags: [`professional:${professionalId}`, `user:${account.id}`],
      expiresAt: practiceInstant(addDays(credentialToday(now), 1), '00:00')!.getTime(),
    };
  });
}

/** One of the professional's credentials, and whether ChairFill ever verified it. */
async function ownCredential(
  db: Pick<Database, 'select'>,
  professionalId: string,
  credentialId: string,
): Promise<CredentialRow & { everVerified: boolean }> {
  const [row] = await db
    .select({ credential: credentials, everVerified })
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.professionalId, professionalId)));
  if (!row) throw notFound();
  return { ...row.credential, everVerified: row.everVerified };
}

async function credentialDto(
  ctx: ServiceContext,
  row: CredentialRow,
  role: ProfessionalRole,
  now: Date,
  wasVerified: boolean,
): Promise<CredentialDto> {
  const [document] = row.documentFileId
    ? await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, row.documentFileId))
    : [];
  return toCredentialDto(row, document ?? null, role, credentialToday(now), wasVerified);
}

/** POST /api/professional/credentials: a new credential, waiting for ChairFill's review. */
export async function addCredential(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  input: NewCredential,
  now: Date = ctx.clock.now(),
): Promise<CredentialDto> {
  const me = await ensureProfessional(ctx, account);
  if (input.expiresOn < credentialToday(now)) {
    throw refuse(credentialTexts.expiryPassed, 'expiresOn');
  }
  const [row] = await ctx.db
    .insert(credentials)
    .values({
      professionalId: me.id,
      kind: input.kind,
      otherName: input.kind === 'other' ? input.otherName : '',
      number: input.number,
      issuingState: input.issuingState,
      expiresOn: input.expiresOn,
      status: 'pending',
    })
    .returning();
  return credentialDto(ctx, row!, me.role, now, false);
}

/**
 * PUT /api/professional/credentials/:id: changes the fields sent. A change of number, state,
 * expiry or name sends it back to review and restarts its reminders (a database trigger,
 * migration 0020, so every writer follows the rule).
 */
export async function updateCredential(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  credentialId: string,
  input: CredentialUpdate,
  now: Date = ctx.clock.now(),
): Promise<CredentialDto> {
  const me = await ensureProfessional(ctx, account);
  const current = await ownCredential(ctx.db, me.id, credentialId);
  assertNotExpired(current, now);
  if (input.expiresOn !== undefined && input.expiresOn !== current.expiresOn) {
    if (input.expiresOn < credentialToday(now)) {
      throw refuse(credentialTexts.expiryPassed, 'expiresOn');
    }
  }
  const otherName = current.kind === 'other' ? input.otherName : undefined;
  if (otherName !== undefined && !otherName) {
    throw refuse(credentialTexts.otherNameRequired, 'otherName');
  }
  const changes = {
    ...(otherName !== undefined ? { otherName } : {}),
    ...(input.number !== undefined ? { number: input.number } : {}),
    ...(input.issuingState !== undefined ? { issuingState: input.issuingState } : {}),
    ...(input.expiresOn !== undefined ? { expiresOn: input.expiresOn } : {}),
  };
  if (Object.keys(changes).length === 0) {
    return credentialDto(ctx, current, me.role, now, current.everVerified);
  }
  const [row] = await ctx.db
    .update(credentials)
    .set(changes)
    .where(and(eq(credentials.id, credentialId), eq(credentials.professionalId, me.id)))
    .returning();
  if (!row) throw notFound();
  return credentialDto(ctx, row, me.role, now, current.everVerified);
}

/**
 * An expired credential is kept as it was: editing its expiry or removing it would lift the block
 * of a lapsed required credential without ChairFill verifying a renewal (409).
 */
function assertNotExpired(row: CredentialRow, now: Date): void {
  if (row.expiresOn !== null && row.expiresOn < credentialToday(now)) {
    throw new DomainError(409, 'credential_expired', credentialTexts.expiredKept);
  }
}

/**
 * DELETE /api/professional/credentials/:id: removes it and its document (not an expired one, nor
 * a verified one the role requires).
 */
export async function removeCredential(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  credentialId: string,
  now: Date = ctx.clock.now(),
): Promise<void> {
  const me = await ensureProfessional(ctx, account);
  const current = await ownCredential(ctx.db, me.id, credentialId);
  assertNotExpired(current, now);
  if (!mayRemove(current, me.role, credentialToday(now), current.everVerified)) {
    throw new DomainError(409, 'credential_required', credentialTexts.requiredKept);
  }
  const [row] = await ctx.db
    .delete(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.professionalId, me.id)))
    .returning();
  if (!row) throw notFound();
  if (row.documentFileId) await removeDocument(ctx, row.documentFileId);
}

async function removeDocument(ctx: ServiceContext, fileId: string): Promise<void> {
  const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!file) return;
  await deleteStoredFile(ctx, file).catch((error: unknown) =>
    ctx.logger.warn('could not delete a credential document', { error: String(error) }),
  );
}

/**
 * POST /api/professional/credentials/:id/document: the credential's document (a PDF or a photo
 * of the card, judged by its content), replacing the previous one; the credential goes back to
 * review. The new file is stored before the old one is removed.
 */
export async function replaceCredentialDocument(
  ctx: ServiceContext,
  account: ProfessionalAccount,
  credentialId: string,
  upload: Upload,
  now: Date = ctx.clock.now(),
): Promise<CredentialDto> {
  const me = await ensureProfessional(ctx, account);
  const owned = await ownCredential(ctx.db, me.id, credentialId);
  assertNotExpired(owned, now);
  if (upload.bytes.byteLength === 0) {
    throw new DomainError(400, 'file_missing', credentialTexts.documentWrongType);
  }
  if (upload.bytes.byteLength > CREDENTIAL_DOCUMENT_MAX_BYTES) {
    throw new DomainError(413, 'file_too_large', credentialTexts.documentTooLarge);
  }
  const checked = await checkUpload('credential', upload.bytes);
  if (!checked) {
    throw new DomainError(400, 'unsupported_file_type', credentialTexts.documentWrongType);
  }
  const fileId = randomUUID();
  const name = displayFileName(upload.name, checked.extension, 'credential');
  const key = credentialDocumentKey(account.id, fileId, name);
  try {
    await ctx.storage.put(key, upload.bytes, checked.contentType);
  } catch (error) {
    ctx.logger.warn('file storage unavailable', { kind: 'credential', error: String(error) });
    throw new DomainError(503, 'storage_unavailable', credentialTexts.uploadFailed);
  }
  let previous: string | null;
  let row: CredentialRow;
  try {
    [previous, row] = await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(credentials)
        .where(and(eq(credentials.id, credentialId), eq(credentials.professionalId, me.id)))
        .for('update');
      if (!current) throw notFound();
      await tx.insert(storedFiles).values({
        id: fileId,
        ownerUserId: account.id,
        kind: 'credential',
        storageKey: key,
        contentType: checked.contentType,
        sizeBytes: upload.bytes.byteLength,
        originalName: name,
      });
      const [updated] = await tx
        .update(credentials)
        .set({ documentFileId: fileId })
        .where(eq(credentials.id, credentialId))
        .returning();
      return [current.documentFileId, updated!] as const;
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous) await removeDocument(ctx, previous);
  return credentialDto(ctx, row, me.role, now, owned.everVerified);
}

/**
 * The signup's license fields as the professional's first credential (as migration 0019 did for
 * the accounts before it): a hygienist's license, an assistant's RDA registration, or another
 * assistant license named by its type; waiting for review, expiry not known yet. Inside the
 * signup's transaction.
 */
export async function firstCredentialFromSignup(
  db: Pick<Database, 'insert'>,
  professionalId: string,
  input: Pick<ProfessionalSignup, 'role' | 'licenseNumber' | 'licenseType'>,
): Promise<void> {
  const number = input.role === 'front-desk' ? '' : (input.licenseNumber ?? '').trim();
  if (!number) return;
  const kind: CredentialKind =
    input.role === 'hygienist'
      ? 'nj_hygienist_license'
      : input.licenseType === 'RDA'
        ? 'nj_rda_registration'
        : 'other';
  await db.insert(credentials).values({
    professionalId,
    kind,
    otherName: kind === 'other' ? input.licenseType || 'Dental assistant license' : '',
    number,
    issuingState: 'NJ',
    status: 'pending',
  });
}

/**
 * Screening checks the license the professional signed up with (decision 006), so when an admin
 * first verifies a professional their untouched signup credential (waiting, no expiry, no
 * document, still the license number on the profile screening showed) is verified with them, as migration 0019 did for accounts verified before it; the
 * decision is recorded in its history. Inside the screening decision's transaction.
 */
export async function verifySignupCredential(
  db: Pick<Database, 'update' | 'insert'>,
  professionalId: string,
  adminUserId: string,
  now: Date,
): Promise<void> {
  const verified = await db
    .update(credentials)
    .set({ status: 'verified', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(credentials.professionalId, professionalId),
        eq(credentials.status, 'pending'),
        isNull(credentials.expiresOn),
        isNull(credentials.documentFileId),
        inArray(credentials.kind, ['nj_hygienist_license', 'nj_rda_registration', 'other']),
        // Still the number screening looked at: one edited since signup is reviewed on its own.
        sql`${credentials.number} = (select p.license_number from professionals p
          where p.id = ${credentials.professionalId})`,
      ),
    )
    .returning({ id: credentials.id });
  if (verified.length === 0) return;
  await db.insert(credentialDecisions).values(
    verified.map((row) => ({
      credentialId: row.id,
      adminUserId,
      decision: 'verified' as const,
      reason: 'Checked when the professional was screened.',
    })),
  );
}

/** The document files of these credentials (for the admin console). */
export async function credentialDocuments(
  db: Pick<Database, 'select'>,
  fileIds: string[],
): Promise<Map<string, StoredFileRow>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
  return new Map(rows.map((row) => [row.id, row]));
}
