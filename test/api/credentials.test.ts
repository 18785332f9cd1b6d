import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { addDays, practiceDateOf } from '../../src/shared/practice/shift-dates';
import {
  credentialKindLabels,
  credentialLapseText,
  credentialTexts,
  NJ_LICENSE_LOOKUP_URL,
  type CredentialKind,
} from '../../src/shared/trust/credentials';
import { requirementLabel } from '../../src/shared/trust/requirements';
import {
  bookings,
  credentialDecisions,
  credentials,
  matchNotices,
  notifications,
  professionals,
} from '../../src/server/db/schema';
import { seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { practiceDateFromToday, seedShifts } from '../../src/server/db/seed/seed-shifts';
import {
  credentialExpiryJob,
  credentialReminderKey,
} from '../../src/server/jobs/credential-expiry-job';
import { matchingShiftsDigestJob } from '../../src/server/jobs/matching-shifts-digest-job';
import { uuidFromKey } from '../../src/server/notifications/deliver-notifications';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  professionalUser,
  serverForFile,
  type ProfessionalUser,
} from '../support/marketplace-fixtures';
import { fitEveryNearbyShift } from '../support/nearby-professional';
import { login } from '../support/professional-session';
import { emailsTo } from '../support/notification-fixtures';
import { signedInPractice, type SignedInPractice } from '../support/practice-session';
import { readAfterReachJob } from '../support/reach-job';
import { fileForm, PDF_BYTES, PNG_BYTES } from '../support/sample-files';
import type { ApiClient, TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;
let practice: SignedInPractice;

serverForFile(async (started) => {
  server = started;
  const created = await createAdminAccount(server.services, {
    email: 'credentials-admin@example.com',
    password: 'credentials-admin-password-1',
    name: 'Casey Checks',
  });
  admin = server.client();
  const res = await admin.post('/api/login', {
    email: created.email,
    password: 'credentials-admin-password-1',
    audience: 'admin',
  });
  if (res.status !== 200) throw new Error('admin sign-in failed');
  practice = await signedInPractice(server, { practiceName: 'Credential Dental' });
});

const inDays = (days: number) => practiceDateFromToday(days);

async function nearby(role: ProfessionalRole = 'hygienist', firstName = 'Alice') {
  const pro = await professionalUser(server, { role, firstName, lastName: 'Moreno' });
  await fitEveryNearbyShift(server.services.db, pro.professionalId);
  return pro;
}

async function credentialRows(professionalId: string) {
  return server.services.db
    .select()
    .from(credentials)
    .where(eq(credentials.professionalId, professionalId))
    .orderBy(credentials.createdAt);
}

async function give(
  professionalId: string,
  kind: CredentialKind,
  status: 'pending' | 'verified' | 'rejected',
  expiresOn: string | null,
) {
  const [row] = await server.services.db
    .insert(credentials)
    .values({ professionalId, kind, number: `${kind}-1`, status, expiresOn })
    .returning();
  return row!;
}

describe('signup: the license fields become the first credential', () => {
  it.each([
    ['hygienist', '', 'nj_hygienist_license', ''],
    ['assistant', 'RDA', 'nj_rda_registration', ''],
    ['assistant', 'CDA', 'other', 'CDA'],
  ] as const)('%s %s → %s', async (role, licenseType, kind, otherName) => {
    const pro = await seedProfessional(server.services, role, {
      licenseNumber: 'NJ-55501',
      ...(role === 'assistant' ? { licenseType } : {}),
    });
    const rows = await credentialRows(pro.professionalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind,
      otherName,
      number: 'NJ-55501',
      issuingState: 'NJ',
      status: 'pending',
      expiresOn: null,
    });
  });

  it('screening the professional verifies the license they signed up with', async () => {
    const pro = await seedProfessional(server.services, 'hygienist', { licenseNumber: 'RDH-9' });
    const res = await admin.post(`/api/admin/professionals/${pro.professionalId}/decisions`, {
      decision: 'verified',
    });
    expect(res.status).toBe(201);
    const [license] = await credentialRows(pro.professionalId);
    expect(license).toMatchObject({ kind: 'nj_hygienist_license', status: 'verified' });
    const verified = await admin.get('/api/admin/credentials?status=verified');
    const item = verified.body.credentials.find((c: { id: string }) => c.id === license!.id);
    expect(item.history).toHaveLength(1);
    expect(item.history[0].admin.name).toBe('Casey Checks');
  });

  it('screening leaves a signup license whose number was edited since for its own review', async () => {
    const pro = await seedProfessional(server.services, 'hygienist', { licenseNumber: 'RDH-10' });
    const [license] = await credentialRows(pro.professionalId);
    await server.services.db
      .update(credentials)
      .set({ number: 'RDH-99999' })
      .where(eq(credentials.id, license!.id));
    const res = await admin.post(`/api/admin/professionals/${pro.professionalId}/decisions`, {
      decision: 'verified',
    });
    expect(res.status).toBe(201);
    const [after] = await credentialRows(pro.professionalId);
    expect(after).toMatchObject({ number: 'RDH-99999', status: 'pending' });
  });

  it('a signup license verified at screening stays on record once edited back to review', async () => {
    const pro = await seedProfessional(server.services, 'hygienist', { licenseNumber: 'RDH-11' });
    await admin.post(`/api/admin/professionals/${pro.professionalId}/decisions`, {
      decision: 'verified',
    });
    const client = await login(server, pro.email, pro.password, 'professional');
    const [license] = await credentialRows(pro.professionalId);
    expect(license).toMatchObject({ status: 'verified', expiresOn: null, verifiedUntil: null });
    const edited = await client.put(`/api/professional/credentials/${license!.id}`, {
      number: 'RDH-12',
    });
    expect(edited.body).toMatchObject({ status: 'pending', removable: false });
    const removed = await client.delete(`/api/professional/credentials/${license!.id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.error.message).toBe(credentialTexts.requiredKept);
    // Its history is kept with it.
    expect(
      await server.services.db
        .select()
        .from(credentialDecisions)
        .where(eq(credentialDecisions.credentialId, license!.id)),
    ).toHaveLength(1);
  });

  it('front desk has none', async () => {
    const pro = await seedProfessional(server.services, 'front-desk');
    expect(await credentialRows(pro.professionalId)).toEqual([]);
  });

  it('through the signup route too, in the same transaction as the record', async () => {
    const client = server.client();
    const res = await client.post('/api/signup/professional', {
      role: 'hygienist',
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora.quinn@example.com',
      phone: '732-555-0101',
      address: '1 Main St',
      city: 'Hackensack',
      state: 'NJ',
      zipCode: '07601',
      licenseNumber: 'RDH-4242',
      licenseType: '',
      yearsOfExperience: '3',
      employmentStatus: 'temp',
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
      acceptTerms: true,
    });
    expect(res.status).toBe(201);
    const list = await client.get('/api/professional/credentials');
    expect(list.status).toBe(200);
    expect(list.body.credentials).toMatchObject([
      { kind: 'nj_hygienist_license', number: 'RDH-4242', status: 'pending', expiresOn: null },
    ]);
    // Missing an expiry is not lapsed: the required credentials say where they stand.
    expect(list.body.required).toEqual([
      {
        kind: 'nj_hygienist_license',
        name: credentialKindLabels.nj_hygienist_license,
        state: 'pending',
      },
      { kind: 'cpr_bls', name: credentialKindLabels.cpr_bls, state: 'missing' },
    ]);
  });
});

describe('a professional keeps their own credentials', () => {
  let alice: ProfessionalUser;
  let bob: ProfessionalUser;
  let id: string;

  it('adds one, then its document; lists it as waiting for review', async () => {
    alice = await nearby('hygienist', 'Alice');
    bob = await nearby('hygienist', 'Bob');
    const added = await alice.client.post('/api/professional/credentials', {
      kind: 'local_anesthesia_permit',
      number: ' LA-1001 ',
      issuingState: 'nj',
      expiresOn: inDays(300),
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      kind: 'local_anesthesia_permit',
      name: credentialKindLabels.local_anesthesia_permit,
      number: 'LA-1001',
      issuingState: 'NJ',
      expiresOn: inDays(300),
      status: 'pending',
      expired: false,
      required: false,
      document: null,
    });
    id = added.body.id;
    const doc = await alice.client.raw(
      'POST',
      `/api/professional/credentials/${id}/document`,
      fileForm(PDF_BYTES, 'permit.pdf', 'application/pdf'),
    );
    expect(doc.status).toBe(200);
    expect(doc.body.document).toMatchObject({ name: 'permit.pdf', contentType: 'application/pdf' });
    const file = await alice.client.get(`/api/files/${doc.body.document.id}`);
    expect(file.status).toBe(200);
    // Another professional and a practice may not open it; staff may.
    expect((await bob.client.get(`/api/files/${doc.body.document.id}`)).status).toBe(403);
    expect((await practice.client.get(`/api/files/${doc.body.document.id}`)).status).toBe(403);
    expect((await admin.get(`/api/files/${doc.body.document.id}`)).status).toBe(200);
  });

  it("refuses another professional's credential as unknown, and a practice", async () => {
    expect(
      (await bob.client.put(`/api/professional/credentials/${id}`, { number: 'X' })).status,
    ).toBe(404);
    expect((await bob.client.delete(`/api/professional/credentials/${id}`)).status).toBe(404);
    expect(
      (
        await bob.client.raw(
          'POST',
          `/api/professional/credentials/${id}/document`,
          fileForm(PDF_BYTES, 'x.pdf', 'application/pdf'),
        )
      ).status,
    ).toBe(404);
    expect((await practice.client.get('/api/professional/credentials')).status).toBe(403);
    const bobs = await bob.client.get('/api/professional/credentials');
    expect(bobs.body.credentials.map((c: { id: string }) => c.id)).not.toContain(id);
    const [row] = await server.services.db.select().from(credentials).where(eq(credentials.id, id));
    expect(row!.number).toBe('LA-1001');
  });

  it('an edit of the number, expiry or document sends a verified one back to review', async () => {
    await server.services.db
      .update(credentials)
      .set({ status: 'verified', remindedDaysBefore: 60, decidedAt: new Date() })
      .where(eq(credentials.id, id));
    const same = await alice.client.put(`/api/professional/credentials/${id}`, {});
    expect(same.body.status).toBe('verified');
    const edited = await alice.client.put(`/api/professional/credentials/${id}`, {
      expiresOn: inDays(500),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      status: 'pending',
      expiresOn: inDays(500),
      number: 'LA-1001',
    });
    const [row] = await server.services.db.select().from(credentials).where(eq(credentials.id, id));
    expect(row!.remindedDaysBefore).toBeNull();
    // Even a write straight to the table (the rule is a trigger).
    await server.services.db
      .update(credentials)
      .set({ status: 'verified' })
      .where(eq(credentials.id, id));
    await server.services.db
      .update(credentials)
      .set({ number: 'LA-2002' })
      .where(eq(credentials.id, id));
    const [again] = await server.services.db
      .select()
      .from(credentials)
      .where(eq(credentials.id, id));
    expect(again!.status).toBe('pending');
  });

  it('keeps an expired one as it was: no edit, new document or removal (409)', async () => {
    const expired = await give(alice.professionalId, 'cpr_bls', 'verified', inDays(-2));
    const edit = await alice.client.put(`/api/professional/credentials/${expired.id}`, {
      expiresOn: inDays(300),
    });
    const doc = await alice.client.raw(
      'POST',
      `/api/professional/credentials/${expired.id}/document`,
      fileForm(PDF_BYTES, 'renewal.pdf', 'application/pdf'),
    );
    const removed = await alice.client.delete(`/api/professional/credentials/${expired.id}`);
    for (const res of [edit, doc, removed]) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(credentialTexts.expiredKept);
    }
    const [row] = await server.services.db
      .select()
      .from(credentials)
      .where(eq(credentials.id, expired.id));
    expect(row).toMatchObject({ status: 'verified', expiresOn: inDays(-2), documentFileId: null });
    await server.services.db.delete(credentials).where(eq(credentials.id, expired.id));
  });

  it('keeps a verified credential the role requires (409 on removal), also once edited back to review, and says so', async () => {
    const license = await give(alice.professionalId, 'cpr_bls', 'verified', inDays(90));
    const removable = async () =>
      (await alice.client.get('/api/professional/credentials')).body.credentials.find(
        (c: { id: string }) => c.id === license.id,
      ).removable;
    expect(await removable()).toBe(false);
    const res = await alice.client.delete(`/api/professional/credentials/${license.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(credentialTexts.requiredKept);
    // Edited (back to review): still not removable, and the list says so before anyone tries.
    await server.services.db
      .update(credentials)
      .set({ verifiedUntil: inDays(90) })
      .where(eq(credentials.id, license.id));
    const edited = await alice.client.put(`/api/professional/credentials/${license.id}`, {
      number: 'CPR-7',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('pending');
    expect(await removable()).toBe(false);
    expect((await alice.client.delete(`/api/professional/credentials/${license.id}`)).status).toBe(
      409,
    );
    await server.services.db.delete(credentials).where(eq(credentials.id, license.id));
  });

  it('removes it with its document', async () => {
    const res = await alice.client.delete(`/api/professional/credentials/${id}`);
    expect(res.status).toBe(204);
    expect(await credentialRows(alice.professionalId)).toHaveLength(1); // the signup license
  });
});

describe('hostile input changes nothing', () => {
  it.each([
    [{ kind: 'pilot_license', number: '1', expiresOn: '2099-01-01' }, 'kind'],
    [{ kind: 'other', number: '1', expiresOn: '2099-01-01' }, 'otherName'],
    [{ kind: 'cpr_bls', number: '', expiresOn: '2099-01-01' }, 'number'],
    [{ kind: 'cpr_bls', number: 'a\nb', expiresOn: '2099-01-01' }, 'number'],
    [{ kind: 'cpr_bls', number: 'x'.repeat(61), expiresOn: '2099-01-01' }, 'number'],
    [
      { kind: 'cpr_bls', number: '1', issuingState: 'New Jersey', expiresOn: '2099-01-01' },
      'issuingState',
    ],
    [{ kind: 'cpr_bls', number: '1', expiresOn: '2099-02-30' }, 'expiresOn'],
    [
      { kind: 'cpr_bls', number: '1', expiresOn: "2099-01-01'; drop table credentials;--" },
      'expiresOn',
    ],
    [{ kind: 'cpr_bls', number: '1' }, 'expiresOn'],
  ])('refuses %j (%s)', async (body, field) => {
    const pro = await nearby('hygienist', 'Hal');
    const res = await pro.client.post('/api/professional/credentials', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
    expect(await credentialRows(pro.professionalId)).toHaveLength(1);
  });

  it('refuses an expiry that has passed, and a document that is not a PDF or a photo', async () => {
    const pro = await nearby('hygienist', 'Ivy');
    const past = await pro.client.post('/api/professional/credentials', {
      kind: 'cpr_bls',
      number: 'BLS-1',
      expiresOn: addDays(practiceDateOf(new Date()), -1),
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(credentialTexts.expiryPassed);
    const ok = await pro.client.post('/api/professional/credentials', {
      kind: 'cpr_bls',
      number: 'BLS-1',
      expiresOn: inDays(100),
    });
    const text = await pro.client.raw(
      'POST',
      `/api/professional/credentials/${ok.body.id}/document`,
      fileForm(Buffer.from('just text, not a card'), 'card.pdf', 'application/pdf'),
    );
    expect(text.status).toBe(400);
    expect(text.body.error.message).toBe(credentialTexts.documentWrongType);
    const png = await pro.client.raw(
      'POST',
      `/api/professional/credentials/${ok.body.id}/document`,
      fileForm(PNG_BYTES, '../../etc/card.png', 'image/png'),
    );
    expect(png.status).toBe(200);
    expect(png.body.document.name).toBe('card.png');
  });

  it('a shift may only require what its position offers (the database agrees)', async () => {
    const location = (await practice.client.get('/api/practice/locations')).body.locations[0].id;
    const res = await practice.client.post('/api/practice/shifts', {
      position: 'Hygienist',
      dates: [inDays(3)],
      startTime: '08:00',
      endTime: '16:00',
      rate: '55.00',
      locationId: location,
      breakMinutes: 30,
      timePerPatient: 30,
      requirements: ['nj_radiologic_license'],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.requirements).toBeDefined();
    const [posted] = await seedShifts(server.services, practice.practiceId, {
      dates: [inDays(3)],
      requirements: ['cpr_bls'],
    });
    await expect(
      server.services.db.execute(
        sql`update shifts set requirements = array['pilot_license'] where id = ${posted!.id}`,
      ),
    ).rejects.toThrow();
  });
});

describe('the admin verifies or rejects each credential', () => {
  let pro: ProfessionalUser;
  let id: string;

  it('lists pending ones with the document, number, expiry and the state look-up', async () => {
    pro = await nearby('hygienist', 'Dana');
    const added = await pro.client.post('/api/professional/credentials', {
      kind: 'nitrous_oxide_permit',
      number: 'N2O-777',
      expiresOn: inDays(200),
    });
    id = added.body.id;
    await pro.client.raw(
      'POST',
      `/api/professional/credentials/${id}/document`,
      fileForm(PDF_BYTES, 'n2o.pdf', 'application/pdf'),
    );
    const list = await admin.get('/api/admin/credentials?status=pending');
    expect(list.status).toBe(200);
    const item = list.body.credentials.find((c: { id: string }) => c.id === id);
    expect(item).toMatchObject({
      kind: 'nitrous_oxide_permit',
      number: 'N2O-777',
      expiresOn: inDays(200),
      status: 'pending',
      lookup: { url: NJ_LICENSE_LOOKUP_URL },
      professional: { id: pro.professionalId, name: 'Dana Moreno', role: 'hygienist' },
      history: [],
    });
    expect(item.document.name).toBe('n2o.pdf');
    expect(list.body.counts.pending).toBeGreaterThan(0);
  });

  it('refuses a decision about a credential changed since the admin opened it (409), changing nothing', async () => {
    const list = await admin.get('/api/admin/credentials?status=pending');
    const seen = list.body.credentials.find((c: { id: string }) => c.id === id).updatedAt;
    const edited = await pro.client.put(`/api/professional/credentials/${id}`, {
      number: 'N2O-778',
    });
    expect(edited.status).toBe(200);
    const stale = await admin.post(`/api/admin/credentials/${id}/decisions`, {
      decision: 'verified',
      seenUpdatedAt: seen,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(credentialTexts.admin.changedSince);
    const [row] = await server.services.db.select().from(credentials).where(eq(credentials.id, id));
    expect(row).toMatchObject({ status: 'pending', number: 'N2O-778' });
  });

  it('a rejection needs a reason; the professional is told, with it', async () => {
    const bare = await admin.post(`/api/admin/credentials/${id}/decisions`, {
      decision: 'rejected',
    });
    expect(bare.status).toBe(400);
    const res = await admin.post(`/api/admin/credentials/${id}/decisions`, {
      decision: 'rejected',
      reason: 'The number does not match the document',
    });
    expect(res.status).toBe(201);
    const mine = await pro.client.get('/api/professional/credentials');
    expect(mine.body.credentials.find((c: { id: string }) => c.id === id)).toMatchObject({
      status: 'rejected',
      decisionReason: 'The number does not match the document',
    });
    const bell = await pro.client.get('/api/notifications');
    expect(bell.body.notifications[0]).toMatchObject({
      kind: 'credential_update',
      title: credentialTexts.notices.rejectedTitle(credentialKindLabels.nitrous_oxide_permit),
    });
  });

  it('verifies it; deciding the same again is a 409; the history says who and why', async () => {
    const res = await admin.post(`/api/admin/credentials/${id}/decisions`, {
      decision: 'verified',
    });
    expect(res.status).toBe(201);
    const again = await admin.post(`/api/admin/credentials/${id}/decisions`, {
      decision: 'verified',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(credentialTexts.admin.alreadyDecided.verified);
    const list = await admin.get('/api/admin/credentials?status=verified');
    const item = list.body.credentials.find((c: { id: string }) => c.id === id);
    expect(item.history.map((h: { decision: string }) => h.decision)).toEqual([
      'verified',
      'rejected',
    ]);
    expect(item.history[0].admin.name).toBe('Casey Checks');
    expect(item.history[1].reason).toBe('The number does not match the document');
  });

  it('professionals and practices may not decide', async () => {
    const res = await pro.client.post(`/api/admin/credentials/${id}/decisions`, {
      decision: 'rejected',
      reason: 'self',
    });
    expect(res.status).toBe(403);
    expect((await practice.client.get('/api/admin/credentials')).status).toBe(403);
  });
});

/**
 * Eligibility by credentials: extends the Find Shifts table (shift-board.test.ts). Each case is
 * a new hygienist (or assistant) who fits every nearby shift by the other rules, a new shift of
 * the verified practice 10 days ahead, and what they hold; the same rule decides the board, the
 * practice's reach, the matching digest, and applying and booking.
 */
const SHIFT_DAYS = 10;

interface Held {
  kind: CredentialKind;
  status?: 'pending' | 'verified' | 'rejected';
  /** Days from today; null: unknown. */
  expiresIn: number | null;
}

interface EligibilityCase {
  name: string;
  role?: ProfessionalRole;
  requirements?: string[];
  held?: Held[];
  skills?: Partial<Record<'software' | 'certifications' | 'skills', Record<string, boolean>>>;
  listed: boolean;
  counted: boolean;
  /** The requirement the refusal names (default: the first). */
  missing?: string;
  /** null: may apply and book; else the 409's code. */
  refused: null | 'requirement_missing' | 'credential_expired';
}

const la = (status: Held['status'], expiresIn: number | null): Held => ({
  kind: 'local_anesthesia_permit',
  status,
  expiresIn,
});
const cpr = (status: Held['status'], expiresIn: number | null): Held => ({
  kind: 'cpr_bls',
  status,
  expiresIn,
});

const eligibilityCases: EligibilityCase[] = [
  { name: 'no requirement, nothing added', listed: true, counted: true, refused: null },
  {
    name: 'requires a local anesthesia permit, none held',
    requirements: ['local_anesthesia_permit'],
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'requires it, verified and valid',
    requirements: ['local_anesthesia_permit'],
    held: [la('verified', 300)],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'requires it, waiting for review',
    requirements: ['local_anesthesia_permit'],
    held: [la('pending', 300)],
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'requires it, rejected',
    requirements: ['local_anesthesia_permit'],
    held: [la('rejected', 300)],
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'requires it, verified but expiring before the shift',
    requirements: ['local_anesthesia_permit'],
    held: [la('verified', SHIFT_DAYS - 5)],
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'requires it, verified and expiring on the shift date',
    requirements: ['local_anesthesia_permit'],
    held: [la('verified', SHIFT_DAYS)],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'requires it, verified with an unknown expiry',
    requirements: ['local_anesthesia_permit'],
    held: [la('verified', null)],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'requires it, an expired one and a renewed one',
    requirements: ['local_anesthesia_permit'],
    held: [la('verified', -3), la('verified', 400)],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'requires Dentrix, ticked in the profile',
    requirements: ['software:Dentrix'],
    skills: { software: { Dentrix: true } },
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'requires Dentrix, another software ticked',
    requirements: ['software:Dentrix'],
    skills: { software: { Dentrix: false, Eaglesoft: true } },
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'requires a permit and Dentrix, holds only the permit',
    requirements: ['local_anesthesia_permit', 'software:Dentrix'],
    held: [la('verified', 300)],
    missing: 'software:Dentrix',
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'assistant: X-ray required, only the self-declared X-ray box ticked',
    role: 'assistant',
    requirements: ['nj_radiologic_license'],
    skills: { certifications: { xray: true } },
    listed: false,
    counted: false,
    refused: 'requirement_missing',
  },
  {
    name: 'assistant: X-ray required, a verified radiologic license',
    role: 'assistant',
    requirements: ['nj_radiologic_license'],
    held: [{ kind: 'nj_radiologic_license', status: 'verified', expiresIn: 600 }],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'required CPR/BLS expired, none valid: seen, not counted, cannot take it',
    held: [cpr('verified', -2)],
    listed: true,
    counted: false,
    refused: 'credential_expired',
  },
  {
    name: 'required CPR/BLS valid today but expiring before the shift',
    held: [cpr('verified', SHIFT_DAYS - 3)],
    listed: true,
    counted: false,
    refused: 'credential_expired',
  },
  {
    name: 'required CPR/BLS expired, the renewal still waiting for review',
    held: [cpr('verified', -2), cpr('pending', 700)],
    listed: true,
    counted: false,
    refused: 'credential_expired',
  },
  {
    name: 'required CPR/BLS expired and renewed (verified)',
    held: [cpr('verified', -2), cpr('verified', 700)],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'required CPR/BLS never added (accounts from before credentials)',
    held: [],
    listed: true,
    counted: true,
    refused: null,
  },
  {
    name: 'front desk: a skill required and ticked (no required credentials)',
    role: 'front-desk',
    requirements: ['skills:insuranceKnowledge'],
    skills: { skills: { insuranceKnowledge: true } },
    listed: true,
    counted: true,
    refused: null,
  },
];

const positionOf = {
  hygienist: 'Hygienist',
  assistant: 'Dental Assistant',
  'front-desk': 'Front Desk',
} as const;

async function reachOf(shiftId: string): Promise<number> {
  const res = await readAfterReachJob(server, () => practice.client.get('/api/practice/shifts'));
  return res.body.shifts.find((s: { id: string }) => s.id === shiftId).reach;
}

describe('eligibility by credentials: board, reach, digest, apply and book', () => {
  it.each(eligibilityCases)('$name', async (c) => {
    const role = c.role ?? 'hygienist';
    const pro = await nearby(role, 'Case');
    // Not counted while pending: the reach difference once verified is this professional.
    await server.services.db
      .update(professionals)
      .set({ status: 'pending', ...(c.skills ?? {}) })
      .where(eq(professionals.id, pro.professionalId));
    for (const held of c.held ?? []) {
      await give(
        pro.professionalId,
        held.kind,
        held.status ?? 'verified',
        held.expiresIn === null ? null : inDays(held.expiresIn),
      );
    }
    const position = positionOf[role];
    const [review] = await seedShifts(server.services, practice.practiceId, {
      position,
      dates: [inDays(SHIFT_DAYS)],
      timePerPatient: position === 'Front Desk' ? null : 30,
      requirements: c.requirements ?? [],
    });
    const [instant] = await seedShifts(server.services, practice.practiceId, {
      position,
      bookingMode: 'instant',
      dates: [inDays(SHIFT_DAYS)],
      timePerPatient: position === 'Front Desk' ? null : 30,
      requirements: c.requirements ?? [],
    });
    const before = await reachOf(review!.id);
    await server.services.db
      .update(professionals)
      .set({ status: 'verified' })
      .where(eq(professionals.id, pro.professionalId));
    expect((await reachOf(review!.id)) - before).toBe(c.counted ? 1 : 0);

    const board = await pro.client.get('/api/professional/shift-board');
    expect(board.status).toBe(200);
    const ids = board.body.shifts.map((s: { id: string }) => s.id);
    expect(ids.includes(review!.id)).toBe(c.listed);
    expect(ids.includes(instant!.id)).toBe(c.listed);

    await matchingShiftsDigestJob.run(server.services, new Date());
    const told = await server.services.db
      .select()
      .from(matchNotices)
      .where(
        and(
          eq(matchNotices.professionalId, pro.professionalId),
          eq(matchNotices.shiftId, review!.id),
        ),
      );
    expect(told.length).toBe(c.listed && c.counted ? 1 : 0);

    const apply = await pro.client.post(`/api/professional/shifts/${review!.id}/apply`, {
      note: '',
    });
    const book = await pro.client.post(`/api/professional/shifts/${instant!.id}/book`);
    if (c.refused === null) {
      expect(apply.status).toBe(201);
      expect(book.status).toBe(201);
    } else {
      for (const res of [apply, book]) {
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe(c.refused);
      }
      if (c.refused === 'requirement_missing') {
        expect(apply.body.error.message).toBe(
          credentialTexts.missingRequirement(requirementLabel(c.missing ?? c.requirements![0]!)),
        );
      } else {
        expect(apply.body.error.message).toContain(credentialKindLabels.cpr_bls);
      }
      const booked = await server.services.db
        .select()
        .from(bookings)
        .where(eq(bookings.professionalId, pro.professionalId));
      expect(booked).toEqual([]);
    }
  });

  it('Find Shifts says which requirement keeps shifts from them, and where to add it', async () => {
    const pro = await nearby('hygienist', 'Noor');
    const before = await pro.client.get('/api/professional/shift-board');
    // The table above posted more shifts requiring a local anesthesia permit than anything else.
    expect(before.body.requirementNote).toMatchObject({
      requirement: 'local_anesthesia_permit',
      label: requirementLabel('local_anesthesia_permit'),
      credential: true,
    });
    expect(before.body.requirementNote.shifts).toBeGreaterThan(0);
    await give(pro.professionalId, 'local_anesthesia_permit', 'verified', inDays(900));
    const after = await pro.client.get('/api/professional/shift-board');
    expect(after.body.requirementNote?.requirement).not.toBe('local_anesthesia_permit');
    expect(after.body.shifts.length).toBeGreaterThan(before.body.shifts.length);
  });

  it('the note counts exactly the shifts a requirement keeps from them, also when none fits', async () => {
    const pro = await nearby('hygienist', 'Pia');
    // Evenings of one weekday only: no other test's shift (08:00-16:00) falls in it.
    const date = inDays(SHIFT_DAYS + 2);
    const day = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
      new Date(`${date}T12:00:00Z`).getUTCDay()
    ]!;
    await server.services.db
      .update(professionals)
      .set({ availability: [{ day, startTime: '19:00', endTime: '23:00' }] })
      .where(eq(professionals.id, pro.professionalId));
    const evening = { dates: [date], startTime: '19:30', endTime: '22:30', breakMinutes: 0 };
    for (const requirements of [
      ['local_anesthesia_permit'],
      ['local_anesthesia_permit'],
      ['nitrous_oxide_permit'],
    ]) {
      await seedShifts(server.services, practice.practiceId, { ...evening, requirements });
    }

    const before = await pro.client.get('/api/professional/shift-board');
    expect(before.status).toBe(200);
    expect(before.body.shifts).toEqual([]);
    expect(before.body.requirementNote).toEqual({
      shifts: 3,
      requirement: 'local_anesthesia_permit',
      label: requirementLabel('local_anesthesia_permit'),
      credential: true,
    });

    await give(pro.professionalId, 'local_anesthesia_permit', 'verified', inDays(900));
    const after = await pro.client.get('/api/professional/shift-board');
    expect(after.body.shifts).toHaveLength(2);
    expect(after.body.requirementNote).toMatchObject({
      shifts: 1,
      requirement: 'nitrous_oxide_permit',
    });
  });

  it('stored reach follows a credential decision (the epoch trigger queues it again)', async () => {
    const pro = await nearby('hygienist', 'Olga');
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      dates: [inDays(SHIFT_DAYS)],
      requirements: ['nitrous_oxide_permit'],
    });
    const before = await reachOf(shift!.id);
    const added = await pro.client.post('/api/professional/credentials', {
      kind: 'nitrous_oxide_permit',
      number: 'N2O-5',
      expiresOn: inDays(200),
    });
    expect(await reachOf(shift!.id)).toBe(before);
    await admin.post(`/api/admin/credentials/${added.body.id}/decisions`, { decision: 'verified' });
    expect(await reachOf(shift!.id)).toBe(before + 1);
    await admin.post(`/api/admin/credentials/${added.body.id}/decisions`, {
      decision: 'rejected',
      reason: 'Expired permit',
    });
    expect(await reachOf(shift!.id)).toBe(before);
  });

  it('the refusal of an expired required credential names it and its date', async () => {
    const pro = await nearby('hygienist', 'Eve');
    const expiredOn = inDays(-4);
    await give(pro.professionalId, 'cpr_bls', 'verified', expiredOn);
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(2)],
    });
    const res = await pro.client.post(`/api/professional/shifts/${shift!.id}/book`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      credentialTexts.expiredRequired(credentialKindLabels.cpr_bls, expiredOn),
    );
  });

  it('Find Shifts lists the shifts after the required card’s last day with why, as booking refuses them', async () => {
    const pro = await nearby('hygienist', 'Ines');
    const card = await give(pro.professionalId, 'cpr_bls', 'verified', inDays(12));
    const [before, after] = await seedShifts(server.services, practice.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(4), inDays(20)],
    });
    const boardShift = async (id: string) => {
      const res = await pro.client.get('/api/professional/shift-board');
      expect(res.status).toBe(200);
      return res.body.shifts.find((s: { id: string }) => s.id === id);
    };
    const today = practiceDateOf(new Date());
    // Listed, both; the one after the card's last day says why it cannot be taken.
    expect((await boardShift(before!.id)).credentialLapse).toBeNull();
    const lapsed = await boardShift(after!.id);
    expect(lapsed.credentialLapse).toEqual({ kind: 'cpr_bls', lastDay: inDays(12) });
    const refused = await pro.client.post(`/api/professional/shifts/${after!.id}/book`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(credentialLapseText('cpr_bls', inDays(12), today));
    expect(refused.body.error.message).toBe(
      credentialTexts.expiresBeforeShift(credentialKindLabels.cpr_bls, inDays(12)),
    );

    // A renewal typed in waits for review: the verified date still counts, on the board too.
    await server.services.db
      .update(credentials)
      .set({ status: 'pending', expiresOn: inDays(400), verifiedUntil: inDays(12) })
      .where(eq(credentials.id, card.id));
    expect((await boardShift(after!.id)).credentialLapse).toEqual({
      kind: 'cpr_bls',
      lastDay: inDays(12),
    });
    // A verified renewal: nothing lapses, and booking takes it.
    await give(pro.professionalId, 'cpr_bls', 'verified', inDays(400));
    expect((await boardShift(after!.id)).credentialLapse).toBeNull();
    expect((await pro.client.post(`/api/professional/shifts/${after!.id}/book`)).status).toBe(201);
    expect((await pro.client.post(`/api/professional/shifts/${before!.id}/book`)).status).toBe(201);
  });

  it('Find Shifts says “expired” on every shift once the required card has expired', async () => {
    const pro = await nearby('hygienist', 'Jonas');
    await give(pro.professionalId, 'cpr_bls', 'verified', inDays(-3));
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(2)],
    });
    const res = await pro.client.get('/api/professional/shift-board');
    const listed = res.body.shifts.find((s: { id: string }) => s.id === shift!.id);
    expect(listed.credentialLapse).toEqual({ kind: 'cpr_bls', lastDay: inDays(-3) });
    const refused = await pro.client.post(`/api/professional/shifts/${shift!.id}/book`);
    expect(refused.body.error.message).toBe(
      credentialLapseText('cpr_bls', inDays(-3), practiceDateOf(new Date())),
    );
    expect(refused.body.error.message).toBe(
      credentialTexts.expiredRequired(credentialKindLabels.cpr_bls, inDays(-3)),
    );
  });

  it('editing a verified required credential does not move the date it lapses on', async () => {
    const pro = await nearby('hygienist', 'Pia');
    const card = await pro.client.post('/api/professional/credentials', {
      kind: 'cpr_bls',
      number: 'BLS-P',
      expiresOn: inDays(5),
    });
    await admin.post(`/api/admin/credentials/${card.body.id}/decisions`, { decision: 'verified' });
    // A new date typed in sends it back to review; the verified date still counts.
    const edited = await pro.client.put(`/api/professional/credentials/${card.body.id}`, {
      expiresOn: inDays(400),
    });
    expect(edited.body.status).toBe('pending');
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(SHIFT_DAYS)],
    });
    const refused = await pro.client.post(`/api/professional/shifts/${shift!.id}/book`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      credentialTexts.expiresBeforeShift(credentialKindLabels.cpr_bls, inDays(5)),
    );
    // Nor can it be removed while under review to make it 'missing'.
    const removed = await pro.client.delete(`/api/professional/credentials/${card.body.id}`);
    expect(removed.status).toBe(409);
    await admin.post(`/api/admin/credentials/${card.body.id}/decisions`, { decision: 'verified' });
    expect((await pro.client.post(`/api/professional/shifts/${shift!.id}/book`)).status).toBe(201);
  });

  it('the Credentials list, kept between reads, follows a decision and an edit at once', async () => {
    const pro = await nearby('hygienist', 'Kiran');
    const card = await pro.client.post('/api/professional/credentials', {
      kind: 'cpr_bls',
      number: 'BLS-K',
      expiresOn: inDays(200),
    });
    const mine = async () =>
      (await pro.client.get('/api/professional/credentials')).body.credentials.find(
        (c: { id: string }) => c.id === card.body.id,
      );
    expect(await mine()).toMatchObject({ status: 'pending' });
    expect(await mine()).toMatchObject({ status: 'pending' });
    // Another person's change (the admin's decision) reaches the kept list.
    await admin.post(`/api/admin/credentials/${card.body.id}/decisions`, { decision: 'verified' });
    expect(await mine()).toMatchObject({ status: 'verified', number: 'BLS-K' });
    // Their own edit too, on the very next read.
    await pro.client.put(`/api/professional/credentials/${card.body.id}`, { number: 'BLS-K2' });
    expect(await mine()).toMatchObject({ status: 'pending', number: 'BLS-K2' });
  });

  it('the Credentials page says expired when the verified expiry passed during a review (the server’s rule)', async () => {
    const pro = await nearby('hygienist', 'Quinn');
    const card = await pro.client.post('/api/professional/credentials', {
      kind: 'cpr_bls',
      number: 'BLS-Q',
      expiresOn: inDays(5),
    });
    await admin.post(`/api/admin/credentials/${card.body.id}/decisions`, { decision: 'verified' });
    await pro.client.put(`/api/professional/credentials/${card.body.id}`, {
      expiresOn: inDays(400),
    });
    const state = async () =>
      (await pro.client.get('/api/professional/credentials')).body.required.find(
        (r: { kind: string }) => r.kind === 'cpr_bls',
      ).state;
    expect(await state()).toBe('pending');
    // The verified date passes while the new one waits for review: expired, as booking says.
    await server.services.db
      .update(credentials)
      .set({ verifiedUntil: inDays(-1) })
      .where(eq(credentials.id, card.body.id));
    expect(await state()).toBe('expired');
  });

  it('a practice cannot accept an applicant whose required credential lapsed since applying', async () => {
    const pro = await nearby('hygienist', 'Finn');
    const [shift] = await seedShifts(server.services, practice.practiceId, { dates: [inDays(6)] });
    const applied = await pro.client.post(`/api/professional/shifts/${shift!.id}/apply`, {
      note: '',
    });
    expect(applied.status).toBe(201);
    await give(pro.professionalId, 'cpr_bls', 'verified', inDays(-1));
    const res = await practice.client.post(`/api/practice/applications/${applied.body.id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      credentialTexts.applicantLapsed(credentialKindLabels.cpr_bls),
    );
  });
});

describe('the credential-expiry job', () => {
  it('reminds 60, 30 and 7 days before expiry, once each', async () => {
    const pro = await nearby('hygienist', 'Gina');
    const expiresOn = inDays(45);
    const row = await give(pro.professionalId, 'cpr_bls', 'verified', expiresOn);
    const bell = () =>
      server.services.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, pro.userId), eq(notifications.kind, 'credential_update')),
        );
    const now = new Date();
    await credentialExpiryJob.run(server.services, now);
    await credentialExpiryJob.run(server.services, now);
    let entries = await bell();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.id).toBe(uuidFromKey(credentialReminderKey(row.id, expiresOn, 60)));
    expect(entries[0]!.title).toBe(
      credentialTexts.notices.reminderTitle(credentialKindLabels.cpr_bls, 45),
    );
    const day = 24 * 60 * 60 * 1000;
    // 20 days on: the 30-day reminder (once); 40 days on: the 7-day one (once).
    await credentialExpiryJob.run(server.services, new Date(now.getTime() + 20 * day));
    await credentialExpiryJob.run(server.services, new Date(now.getTime() + 21 * day));
    await credentialExpiryJob.run(server.services, new Date(now.getTime() + 40 * day));
    await credentialExpiryJob.run(server.services, new Date(now.getTime() + 41 * day));
    entries = await bell();
    expect(entries).toHaveLength(3);
    const [user] = await server.services.db
      .select({ email: professionals.email })
      .from(professionals)
      .where(eq(professionals.id, pro.professionalId));
    const mails = (await emailsTo(server, user!.email)).filter((m) =>
      m.subject.includes('expires'),
    );
    expect(mails).toHaveLength(3);
    // A renewal (new expiry) goes back to review, and once verified its reminders start again.
    await server.services.db
      .update(credentials)
      .set({ expiresOn: inDays(50) })
      .where(eq(credentials.id, row.id));
    await admin.post(`/api/admin/credentials/${row.id}/decisions`, { decision: 'verified' });
    await credentialExpiryJob.run(server.services, now);
    // The decision's notice, then the new expiry's 60-day reminder.
    const titles = (await bell()).map((entry) => entry.title);
    expect(titles).toHaveLength(5);
    expect(titles).toContain(
      credentialTexts.notices.reminderTitle(credentialKindLabels.cpr_bls, 50),
    );
  });

  it('tells each practice with a future booking once when a required credential lapses', async () => {
    const pro = await nearby('hygienist', 'Hugo');
    const other = await signedInPractice(server, { practiceName: 'Second Smile' });
    const [mine] = await seedShifts(server.services, practice.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(4)],
    });
    const [theirs] = await seedShifts(server.services, other.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(5)],
    });
    expect((await pro.client.post(`/api/professional/shifts/${mine!.id}/book`)).status).toBe(201);
    expect((await pro.client.post(`/api/professional/shifts/${theirs!.id}/book`)).status).toBe(201);
    const row = await give(pro.professionalId, 'cpr_bls', 'verified', inDays(-1));
    const told = async (userId: string) =>
      server.services.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.kind, 'booked_credential_expired'),
          ),
        );
    await credentialExpiryJob.run(server.services, new Date());
    await credentialExpiryJob.run(server.services, new Date());
    expect(await told(practice.userId)).toHaveLength(1);
    expect(await told(other.userId)).toHaveLength(1);
    const [entry] = await told(practice.userId);
    expect(entry!.title).toBe(credentialTexts.notices.practiceTitle('Hugo Moreno'));
    expect(entry!.body).toContain(credentialKindLabels.cpr_bls);
    const [after] = await server.services.db
      .select()
      .from(credentials)
      .where(eq(credentials.id, row.id));
    expect(after!.expiryNoticeSentAt).not.toBeNull();
  });

  it('tells no practice when a renewed one is valid, or the credential is not required', async () => {
    const pro = await nearby('hygienist', 'Iris');
    const [shift] = await seedShifts(server.services, practice.practiceId, {
      bookingMode: 'instant',
      dates: [inDays(4)],
    });
    expect((await pro.client.post(`/api/professional/shifts/${shift!.id}/book`)).status).toBe(201);
    await give(pro.professionalId, 'cpr_bls', 'verified', inDays(-1));
    await give(pro.professionalId, 'cpr_bls', 'verified', inDays(300));
    await give(pro.professionalId, 'nitrous_oxide_permit', 'verified', inDays(-1));
    const before = await server.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'booked_credential_expired'));
    await credentialExpiryJob.run(server.services, new Date());
    const after = await server.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'booked_credential_expired'));
    expect(after.length).toBe(before.length);
  });
});
