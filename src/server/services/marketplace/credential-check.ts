import { sql, type SQL } from 'drizzle-orm';
import {
  credentialLapseText,
  credentialName,
  credentialTexts,
  type CredentialKind,
} from '@shared/trust/credentials';
import { practiceDateOf } from '@shared/practice/shift-dates';
import { requirementLabel } from '@shared/trust/requirements';
import {
  lapsedRequiredCredentials,
  missingRequirements,
  requiredKindsOfRole,
} from '../matching/eligibility-sql';
import { DomainError } from '../domain-error';

export interface CredentialStanding {
  missing: string[];
  lapsed_kind: CredentialKind | null;
  lapsed_on: string | null;
}

/**
 * The CredentialStanding of the professional `p` (professionals, the one `professionalId` names)
 * for the shift `s` (shifts), as a json object: what keeps them from it as far as credentials go
 * (decision record 022), by the rules of eligibility-sql.ts: a required credential of their role
 * that has lapsed by the shift's date (the first), and the shift's requirements they do not hold
 * on that date. A scalar expression, so a statement that reads the shift anyway carries it.
 */
export function credentialStandingOf(professionalId: SQL): SQL {
  return sql`(select json_build_object('missing', ${missingRequirements(professionalId)},
      'lapsed_kind', lapsed.kind, 'lapsed_on', lapsed.expired_on)
    from professionals p
    left join lateral (${lapsedRequiredCredentials(professionalId, requiredKindsOfRole(sql.raw('p.role')))}
      order by kind limit 1) lapsed on true
    where p.id = ${professionalId})`;
}

/**
 * 409 naming the credential when the professional may not apply for or book the shift: a
 * required credential has expired (no valid one left), or they do not hold a requirement.
 */
export function assertCredentialsAllow(standing: CredentialStanding | null): void {
  if (!standing) return;
  if (standing.lapsed_kind && standing.lapsed_on) {
    throw new DomainError(
      409,
      'credential_expired',
      credentialLapseText(standing.lapsed_kind, standing.lapsed_on, practiceDateOf(new Date())),
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
export function assertApplicantCredentialsAllow(standing: CredentialStanding | null): void {
  if (!standing) return;
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
