import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericErrors, loginErrors } from '../../src/shared/messages';
import { screeningMessages, statusNoticeText } from '../../src/shared/screening';
import { emailOutbox, professionals, verificationDecisions } from '../../src/server/db/schema';
import { demoAccounts, DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed/demo-data';
import { DEMO_MARKET_HYGIENIST_EMAIL } from '../../src/server/db/seed/demo-market';
import { seedProfessional } from '../../src/server/db/seed/seed-accounts';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  assertVerifiedProfessional,
  ProfessionalNotVerifiedError,
} from '../../src/server/services/screening/assert-verified-professional';
import {
  signedInPractice,
  signedInProfessional,
  type SignedIn,
} from '../support/professional-session';
import { fileForm, PDF_BYTES, PNG_BYTES } from '../support/sample-files';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: { client: ApiClient; userId: string; email: string };

const ADMIN_PASSWORD = 'admin-password-123';

async function signedInAdmin(): Promise<{ client: ApiClient; userId: string; email: string }> {
  const email = `admin-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const created = await createAdminAccount(server.services, {
    email,
    password: ADMIN_PASSWORD,
    name: 'Pat Admin',
  });
  const client = server.client();
  const res = await client.post('/api/login', {
    email,
    password: ADMIN_PASSWORD,
    audience: 'admin',
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return { client, userId: created.userId, email };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin();
});
afterAll(async () => {
  await server?.stop();
});

async function professionalIdOf(userId: string): Promise<string> {
  const [row] = await server.services.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.userId, userId));
  return row!.id;
}

async function statusOf(professionalId: string) {
  const [row] = await server.services.db
    .select({ status: professionals.status })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  return row!.status;
}

async function historyOf(professionalId: string) {
  return server.services.db
    .select()
    .from(verificationDecisions)
    .where(eq(verificationDecisions.professionalId, professionalId));
}

async function mailTo(address: string, subject: string) {
  return server.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.subject, subject)));
}

const decide = (client: ApiClient, id: string, decision: string, reason?: string) =>
  client.post(`/api/admin/professionals/${id}/decisions`, {
    decision,
    ...(reason === undefined ? {} : { reason }),
  });

async function newPending(role: 'hygienist' | 'assistant' | 'front-desk' = 'hygienist') {
  const pro = await signedInProfessional(server, role, { firstName: 'Quinn', lastName: 'Parker' });
  return { ...pro, professionalId: await professionalIdOf(pro.userId) };
}

describe('admin login (audience admin)', () => {
  it('signs an admin in and lands on /admin', async () => {
    const email = `admin-login-${Date.now()}@example.com`;
    await createAdminAccount(server.services, {
      email,
      password: ADMIN_PASSWORD,
      name: 'Lee Park',
    });
    const client = server.client();
    const res = await client.post('/api/login', {
      email,
      password: ADMIN_PASSWORD,
      audience: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ portalPath: '/admin', accountType: 'admin' });
    const session = await client.get('/api/session');
    expect(session.body.user).toMatchObject({ email, accountType: 'admin', portalPath: '/admin' });
  });

  it('refuses practices and professionals at the admin login, and admins at the others', async () => {
    const pro = await seedProfessional(server.services, 'hygienist');
    const practice = await signedInPractice(server);
    for (const [email, password] of [
      [pro.email, pro.password],
      [practice.email, 'chairfill-demo'],
    ] as const) {
      const client = server.client();
      const res = await client.post('/api/login', { email, password, audience: 'admin' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(loginErrors.accountNotFound);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await client.get('/api/session')).body.user).toBeNull();
    }
    for (const audience of ['practice', 'professional']) {
      const res = await server
        .client()
        .post('/api/login', { email: admin.email, password: ADMIN_PASSWORD, audience });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(loginErrors.accountNotFound);
    }
  });

  it('cannot be reached through better-auth sign-up (no self-made admins)', async () => {
    const res = await server.client().post('/api/auth/sign-up/email', {
      email: 'sneaky@example.com',
      password: 'whatever-123',
      name: 'Sneaky',
      accountType: 'admin',
    });
    expect(res.status).toBe(404);
  });
});

describe('screening console API', () => {
  it('lists pending professionals with license details, photo, resume and counts', async () => {
    const pro = await newPending('assistant');
    expect(
      (
        await pro.client.raw(
          'POST',
          '/api/professional/photo',
          fileForm(PNG_BYTES, 'me.png', 'image/png'),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await pro.client.raw(
          'POST',
          '/api/professional/resume',
          fileForm(PDF_BYTES, 'cv.pdf', 'application/pdf'),
        )
      ).status,
    ).toBe(200);

    const res = await admin.client.get('/api/admin/professionals?status=pending');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.status).toBe('pending');
    expect(res.body.counts.pending).toBeGreaterThanOrEqual(1);
    const listed = res.body.professionals.find((p: { id: string }) => p.id === pro.professionalId);
    expect(listed).toMatchObject({
      role: 'assistant',
      status: 'pending',
      firstName: 'Quinn',
      lastName: 'Parker',
      email: pro.email,
      licenseNumber: 'NJ-12345',
      licenseType: 'CDA',
      yearsOfExperience: 5,
      history: [],
    });
    expect(listed.photo.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect(listed.resume).toMatchObject({ name: 'cv.pdf', contentType: 'application/pdf' });

    // The admin may open the photo and the resume; the owner still may; others may not.
    const photo = await admin.client.get(listed.photo.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    const resume = await admin.client.get(listed.resume.url);
    expect(resume.status).toBe(200);
    expect(resume.headers.get('content-disposition')).toMatch(/attachment/);
    expect((await pro.client.get(listed.photo.url)).status).toBe(200);
    const other = await signedInProfessional(server, 'hygienist');
    expect((await other.client.get(listed.resume.url)).status).toBe(403);
    const practice = await signedInPractice(server);
    expect((await practice.client.get(listed.photo.url)).status).toBe(403);
    expect((await server.client().get(listed.photo.url)).status).toBe(401);

    const verifiedTab = await admin.client.get('/api/admin/professionals?status=verified');
    expect(verifiedTab.body.professionals.map((p: { id: string }) => p.id)).not.toContain(
      pro.professionalId,
    );
    expect((await admin.client.get('/api/admin/professionals?status=bogus')).status).toBe(400);
  });

  it('verifies: records who/when, sets the status in the profile API, e-mails the professional', async () => {
    const pro = await newPending();
    const before = Date.now();
    const res = await decide(admin.client, pro.professionalId, 'verified');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ professionalId: pro.professionalId, status: 'verified' });
    expect(await statusOf(pro.professionalId)).toBe('verified');

    const [row] = await historyOf(pro.professionalId);
    expect(row).toMatchObject({ decision: 'verified', adminUserId: admin.userId, reason: '' });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5000);

    const mails = await mailTo(pro.email, 'Your ChairFill account is verified');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.htmlBody).toContain('ChairFill');
    expect(mails[0]!.textBody).toContain('/hygienist-portal');

    const profile = await pro.client.get('/api/professional/profile');
    expect(profile.body).toMatchObject({ status: 'verified', statusReason: null });
    await expect(assertVerifiedProfessional(server.services, pro.userId)).resolves.toEqual({
      professionalId: pro.professionalId,
    });

    const listed = await admin.client.get('/api/admin/professionals?status=verified');
    const entry = listed.body.professionals.find(
      (p: { id: string }) => p.id === pro.professionalId,
    );
    expect(entry.history).toEqual([
      expect.objectContaining({
        decision: 'verified',
        reason: '',
        admin: { id: admin.userId, name: 'Pat Admin', email: admin.email },
      }),
    ]);
  });

  it('rejects only with a reason, shows it to the professional and e-mails it', async () => {
    const pro = await newPending('front-desk');
    for (const reason of [undefined, '', '   ']) {
      const refused = await decide(admin.client, pro.professionalId, 'rejected', reason);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(screeningMessages.reasonRequired);
      expect(refused.body.error.fields).toEqual({ reason: screeningMessages.reasonRequired });
    }
    expect(await statusOf(pro.professionalId)).toBe('pending');
    expect(await historyOf(pro.professionalId)).toEqual([]);

    const res = await decide(admin.client, pro.professionalId, 'rejected', '  License expired  ');
    expect(res.status).toBe(201);
    expect(await statusOf(pro.professionalId)).toBe('rejected');
    const [row] = await historyOf(pro.professionalId);
    expect(row).toMatchObject({
      decision: 'rejected',
      reason: 'License expired',
      adminUserId: admin.userId,
    });

    const profile = await pro.client.get('/api/professional/profile');
    expect(profile.body).toMatchObject({ status: 'rejected', statusReason: 'License expired' });
    const [mail] = await mailTo(pro.email, 'Your ChairFill account was not approved');
    expect(mail!.textBody).toContain('Reason: License expired');
    expect(mail!.htmlBody).toContain('License expired');

    await expect(assertVerifiedProfessional(server.services, pro.userId)).rejects.toBeInstanceOf(
      ProfessionalNotVerifiedError,
    );
  });

  it('suspends (reason required) and reinstates, keeping the whole history', async () => {
    const pro = await newPending();
    expect((await decide(admin.client, pro.professionalId, 'verified')).status).toBe(201);
    const noReason = await decide(admin.client, pro.professionalId, 'suspended', '');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(screeningMessages.reasonRequired);
    expect(await statusOf(pro.professionalId)).toBe('verified');

    expect(
      (await decide(admin.client, pro.professionalId, 'suspended', 'No-show twice')).status,
    ).toBe(201);
    expect(await statusOf(pro.professionalId)).toBe('suspended');
    expect((await pro.client.get('/api/professional/profile')).body).toMatchObject({
      status: 'suspended',
      statusReason: 'No-show twice',
    });
    expect(await mailTo(pro.email, 'Your ChairFill account is suspended')).toHaveLength(1);

    // Verify is not how a suspension ends.
    const verifyAgain = await decide(admin.client, pro.professionalId, 'verified');
    expect(verifyAgain.status).toBe(409);
    expect(verifyAgain.body.error.code).toBe('invalid_transition');
    expect(verifyAgain.body.error.message).toMatch(/Reinstate/);

    expect((await decide(admin.client, pro.professionalId, 'reinstated')).status).toBe(201);
    expect(await statusOf(pro.professionalId)).toBe('verified');
    expect(await mailTo(pro.email, 'Your ChairFill account is active again')).toHaveLength(1);
    expect((await pro.client.get('/api/professional/profile')).body.statusReason).toBeNull();

    const history = await historyOf(pro.professionalId);
    expect(history.map((h) => h.decision).sort()).toEqual(['reinstated', 'suspended', 'verified']);
    expect(history.every((h) => h.adminUserId === admin.userId)).toBe(true);
  });

  it('refuses impossible transitions with a 409 and changes nothing', async () => {
    const pro = await newPending();
    for (const decision of ['suspended', 'reinstated'] as const) {
      const res = await decide(admin.client, pro.professionalId, decision, 'Some reason');
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_transition');
    }
    await decide(admin.client, pro.professionalId, 'verified');
    const twice = await decide(admin.client, pro.professionalId, 'verified');
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This professional is already verified.');
    const reject = await decide(admin.client, pro.professionalId, 'rejected', 'Too late');
    expect(reject.status).toBe(409);
    expect(await statusOf(pro.professionalId)).toBe('verified');
    expect(await historyOf(pro.professionalId)).toHaveLength(1);
  });

  it('answers 404 for an unknown professional and 400 for an unknown decision', async () => {
    const unknown = await decide(admin.client, '00000000-0000-4000-8000-000000000000', 'verified');
    expect(unknown.status).toBe(404);
    expect((await decide(admin.client, 'not-a-uuid', 'verified')).status).toBe(404);
    const pro = await newPending();
    expect((await decide(admin.client, pro.professionalId, 'approve')).status).toBe(400);
    expect(await statusOf(pro.professionalId)).toBe('pending');
  });
});

describe('only admins reach /api/admin', () => {
  it('answers 401 signed out and 403 to practices and professionals, changing nothing', async () => {
    const target = await newPending();
    const practice = await signedInPractice(server);
    const professional: SignedIn = await signedInProfessional(server, 'assistant');
    const cases: Array<[ApiClient, number]> = [
      [server.client(), 401],
      [practice.client, 403],
      [professional.client, 403],
      [target.client, 403],
    ];
    for (const [client, status] of cases) {
      const list = await client.get('/api/admin/professionals?status=pending');
      expect(list.status).toBe(status);
      expect(list.body.error.message).toBe(
        status === 401 ? genericErrors.unauthorized : genericErrors.forbidden,
      );
      const post = await decide(client, target.professionalId, 'verified');
      expect(post.status).toBe(status);
    }
    expect(await statusOf(target.professionalId)).toBe('pending');
    expect(await historyOf(target.professionalId)).toEqual([]);
  });
});

describe('a verified professional who changes an identity or license field', () => {
  async function newVerified(role: 'hygienist' | 'assistant' | 'front-desk' = 'hygienist') {
    const pro = await newPending(role);
    expect((await decide(admin.client, pro.professionalId, 'verified')).status).toBe(201);
    return pro;
  }

  const changes: Array<
    [string, 'hygienist' | 'assistant' | 'front-desk', Record<string, unknown>, string]
  > = [
    ['license number', 'hygienist', { licenseNumber: 'NJ-CHANGED-1' }, 'Changed license number'],
    ['license type', 'assistant', { licenseType: 'EFDA' }, 'Changed license type'],
    [
      'name',
      'front-desk',
      { firstName: 'Robin', lastName: 'Other' },
      'Changed first name and last name',
    ],
    ['years of experience', 'hygienist', { yearsOfExperience: 30 }, 'Changed years of experience'],
  ];

  it.each(changes)(
    'goes back to review after a change of %s, says why to both sides and may not book',
    async (_what, role, body, reason) => {
      const pro = await newVerified(role);
      const res = await pro.client.put('/api/professional/profile', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', statusReason: reason });
      expect(await statusOf(pro.professionalId)).toBe('pending');
      expect((await pro.client.get('/api/professional/profile')).body).toMatchObject({
        status: 'pending',
        statusReason: reason,
      });
      // The admin console lists them for review again, with the change in the history.
      const listed = await admin.client.get('/api/admin/professionals?status=pending');
      const entry = listed.body.professionals.find(
        (p: { id: string }) => p.id === pro.professionalId,
      );
      expect(entry.history[0]).toMatchObject({ decision: 'changed', reason, admin: null });
      expect(entry.history[1]).toMatchObject({ decision: 'verified' });
      // Booking, applying and being accepted follow the status.
      await expect(assertVerifiedProfessional(server.services, pro.userId)).rejects.toBeInstanceOf(
        ProfessionalNotVerifiedError,
      );
      // The admin can verify them again.
      expect((await decide(admin.client, pro.professionalId, 'verified')).status).toBe(201);
      expect(await statusOf(pro.professionalId)).toBe('verified');
    },
  );

  it('stays verified when other fields change or the same values are saved again', async () => {
    const pro = await newVerified('hygienist');
    const current = (await pro.client.get('/api/professional/profile')).body;
    const res = await pro.client.put('/api/professional/profile', {
      firstName: current.firstName,
      lastName: current.lastName,
      licenseNumber: current.licenseNumber,
      yearsOfExperience: current.yearsOfExperience,
      phone: '(973) 555-0142',
      minimumRate: '50',
      homeAddress: '1 Main Street, Newark, NJ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'verified', statusReason: null });
    expect((await historyOf(pro.professionalId)).map((row) => row.decision)).toEqual(['verified']);
  });

  it('leaves a suspended professional suspended (a change is no way out of a suspension)', async () => {
    const pro = await newVerified('hygienist');
    await decide(admin.client, pro.professionalId, 'suspended', 'No-show twice.');
    const res = await pro.client.put('/api/professional/profile', { licenseNumber: 'NJ-NEW-2' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('suspended');
  });
});

describe('front desk screening texts', () => {
  it('tells front desk professionals their profile is reviewed, never a license', async () => {
    expect(statusNoticeText('pending', 'front-desk').body).not.toMatch(/license/i);
    expect(statusNoticeText('pending', 'front-desk').body).toContain('your profile and identity');
    expect(statusNoticeText('pending', 'hygienist').body).toContain('your license');
    const pro = await newPending('front-desk');
    expect((await decide(admin.client, pro.professionalId, 'verified')).status).toBe(201);
    const [mail] = await mailTo(pro.email, 'Your ChairFill account is verified');
    expect(mail!.textBody).toContain('we have reviewed your profile and identity');
    expect(mail!.textBody).not.toMatch(/license/i);
    expect(mail!.htmlBody).not.toMatch(/license/i);
  });
});

describe('assertVerifiedProfessional', () => {
  it('refuses pending professionals and unknown users', async () => {
    const pro = await newPending();
    const error = await assertVerifiedProfessional(server.services, pro.userId).catch((e) => e);
    expect(error).toBeInstanceOf(ProfessionalNotVerifiedError);
    expect(error.status).toBe(403);
    expect(error.code).toBe('professional_not_verified');
    expect(error.professionalStatus).toBe('pending');
    await expect(
      assertVerifiedProfessional(server.services, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(ProfessionalNotVerifiedError);
  });
});

describe('demo data', () => {
  it('includes an admin with the demo password, a verified hygienist and pending others', async () => {
    const demo = await startTestServer();
    try {
      expect(await seedDemoData(demo.services)).toBe(true);
      const adminAccount = demoAccounts.find((a) => a.portal === '/admin/login')!;
      expect(adminAccount.email).toBe('admin@demo.chairfill.example.com');
      const client = demo.client();
      const login = await client.post('/api/login', {
        email: adminAccount.email,
        password: DEMO_PASSWORD,
        audience: 'admin',
      });
      expect(login.status).toBe(200);
      const verified = await client.get('/api/admin/professionals?status=verified');
      // The demo hygienist, and the one who took the nearby practices' shifts (demo-market.ts).
      const verifiedEmails = verified.body.professionals.map((p: { email: string }) => p.email);
      expect(verifiedEmails.sort()).toEqual([
        'hygienist@demo.chairfill.example.com',
        DEMO_MARKET_HYGIENIST_EMAIL,
      ]);
      for (const professional of verified.body.professionals) {
        expect(professional.history[0].admin.email).toBe(adminAccount.email);
      }
      const pending = await client.get('/api/admin/professionals?status=pending');
      expect(pending.body.professionals.map((p: { email: string }) => p.email).sort()).toEqual([
        'assistant@demo.chairfill.example.com',
        'frontdesk@demo.chairfill.example.com',
      ]);
    } finally {
      await demo.stop();
    }
  }, 60_000);
});
