import { and, eq } from 'drizzle-orm';
import { practiceDateFromToday, seedShifts } from './seed-shifts';
import { credentials } from '../schema';
import type { ServiceContext } from '../../services/context';
import type { ProfessionalAccount } from '../../services/professional/professional-account';
import { decideCredential } from '../../services/trust/credential-review';
import { addCredential, replaceCredentialDocument } from '../../services/trust/credentials';

/** A one-page PDF stand-in for a scanned permit (the upload checks the content). */
const DEMO_PERMIT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The demo hygienist's credentials (decision record 022), through the same services as the
 * portals: the signup license verified with its expiry, a CPR/BLS card ChairFill verified that
 * expires in 24 days (the reminders and, once it lapses, the refusal to book), and a local
 * anesthesia permit with its document waiting in the staff console. The demo practice posts a
 * shift that requires that permit, so Find Shifts says what keeps it from the hygienist.
 * Seeded after the demo bookings (made before the CPR/BLS card was entered).
 */
export async function seedDemoCredentials(
  ctx: ServiceContext,
  adminUserId: string,
  practiceId: string,
  hygienist: ProfessionalAccount & { professionalId: string },
): Promise<void> {
  const [license] = await ctx.db
    .update(credentials)
    .set({ expiresOn: practiceDateFromToday(480), number: 'RDH-0042817' })
    .where(
      and(
        eq(credentials.professionalId, hygienist.professionalId),
        eq(credentials.kind, 'nj_hygienist_license'),
      ),
    )
    .returning({ id: credentials.id });
  if (license) {
    await decideCredential(ctx, adminUserId, license.id, { decision: 'verified', reason: '' });
  }
  const cpr = await addCredential(ctx, hygienist, {
    kind: 'cpr_bls',
    otherName: '',
    number: 'AHA-BLS-7731-2208',
    issuingState: 'NJ',
    expiresOn: practiceDateFromToday(24),
  });
  await decideCredential(ctx, adminUserId, cpr.id, { decision: 'verified', reason: '' });
  const permit = await addCredential(ctx, hygienist, {
    kind: 'local_anesthesia_permit',
    otherName: '',
    number: 'LA-NJ-55120',
    issuingState: 'NJ',
    expiresOn: practiceDateFromToday(700),
  });
  await replaceCredentialDocument(ctx, hygienist, permit.id, {
    name: 'local-anesthesia-permit.pdf',
    bytes: DEMO_PERMIT_PDF,
  });
  await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: [practiceDateFromToday(9)],
    startTime: '08:00',
    endTime: '16:00',
    rate: '62.00',
    notes: 'Periodontal scaling and root planing; local anesthesia needed for most patients.',
    requirements: ['local_anesthesia_permit', 'software:Dentrix'],
  });
}
