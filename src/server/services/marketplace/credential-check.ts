import { sql } from 'drizzle-orm';
import { credentialName, credentialTexts, type CredentialKind } from '@shared/trust/credentials';
import { practiceDateOf } from '@shared/practice/shift-dates';
import { requirementLabel } from '@shared/trust/requirements';
import { queryRows } from '../../db/client';
import {
  lapsedRequiredCredentials,
  missingRequirements,
  requiredKindsOfRole,
} from '../matching/eligibility-sql';
import { DomainError } from '../domain-error';
import type { Tx } from './db-transaction';

interface CredentialStanding {
  missing: string[];
  lapsed_kind: CredentialKind | null;
  lapsed_on: string | null;
}

/**
 * What keeps a professional from a shift as far as credentials go (decision record 022), by the
 * rules of eligibility-sql.ts: a required credential of their role that has lapsed by the shift's
 * date (the first), and the shift's requirements they do not hold on that date.
 */
async function credentialStanding(
  tx: Tx,
  shiftId: string,
  professionalId: string,
): Promise<CredentialStanding> {
  const pid = sql`${professionalId}::uuid`;
  const [row] = await queryRows<CredentialStanding>(
    tx,
    sql`select ${missingRequirements(pid)} as missing, lapsed.kind as lapsed_kind,
        lapsed.expired_on as lapsed_on
      from shifts s
      join professionals p on p.id = ${pid}
      left join lateral (${lapsedRequiredCredentials(pid, requiredKindsOfRole(sql.raw('p.role')))}
        order by kind limit 1) lapsed on true
      where s.id = ${shiftId}::uuid`,
  );
  return row ?? { missing: [], lapsed_kind: null, lapsed_on: null };
}

/**
 * 409 naming the credential when the professional may not apply for or book the shift: a
 * required credential has expired (no valid one left), or they do not hold a requirement.
 */
export async function assertCredentialsAllow(
  tx: Tx,
  shiftId: string,
  professionalId: string,
): Promise<void> {
  const standing = await credentialStanding(tx, shiftId, professionalId);
  if (standing.lapsed_kind && standing.lapsed_on) {
    const name = credentialName(standing.lapsed_kind);
    throw new DomainError(
      409,
      'credential_expired',
      standing.lapsed_on < practiceDateOf(new Date())
        ? credentialTexts.expiredRequired(name, standing.lapsed_on)
        : credentialTexts.expiresBeforeShift(name, standing.lapsed_on),
    );
  }
  const [first] = standing.missing;
  if (first) {
    throw new DomainError(
      409,
      'requirement_missing',
      credentialTexts.missingRequirement(requirementLabel(first)),
    );
  }
}

/** The same check when a practice accepts an applicant, worded for the practice (409). */
export async function assertApplicantCredentialsAllow(
  tx: Tx,
  shiftId: string,
  professionalId: string,
): Promise<void> {
  const standing = await credentialStanding(tx, shiftId, professionalId);
  if (standing.lapsed_kind) {
    throw new DomainError(
      409,
      'applicant_credential_expired',
      credentialTexts.applicantLapsed(credentialName(standing.lapsed_kind)),
    );
  }
  const [first] = standing.missing;
  if (first) {
    throw new DomainError(
      409,
      'applicant_requirement_missing',
      credentialTexts.applicantMissing(requirementLabel(first)),
    );
  }
}
