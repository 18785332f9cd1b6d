import { describe, expect, it } from 'vitest';
import type { EmailPreferencesReply } from '../../src/shared/marketplace/notification-replies';
import type { NotificationsReply } from '../../src/shared/marketplace/notification-replies';
import { createAdminAccount } from '../../src/server/services/screening/create-admin-account';
import {
  bellEntries,
  book,
  emailsTo,
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import { serverForFile } from '../support/marketplace-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

describe('the bell', () => {
  it('lists a booking for both sides with their own texts and links, newest first', async () => {
    const practice = await signedInPractice(server, 'Bell Dental');
    const pro = await matchingProfessional(server, { firstName: 'Avery', lastName: 'Lane' });
    const shift = await postShift(server, practice.practiceId);
    await book(pro, shift.id);

    const mine = await pro.client.get<NotificationsReply>('/api/notifications');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body.unreadCount).toBe(1);
    expect(mine.body.notifications[0]).toMatchObject({
      kind: 'booking_confirmed',
      read: false,
      linkPath: '/hygienist-portal/schedule',
    });
    expect(mine.body.notifications[0]!.title).toMatch(
      /^You're booked: Hygienist shift on \w{3}, \w{3} \d{1,2}$/,
    );

    const theirs = await practice.client.get<NotificationsReply>('/api/notifications');
    expect(theirs.body.unreadCount).toBe(1);
    expect(theirs.body.notifications[0]).toMatchObject({
      kind: 'booking_confirmed',
      linkPath: '/practice-portal/staffing-requests',
    });
    expect(theirs.body.notifications[0]!.title).toMatch(
      /^Avery Lane is booked for your Hygienist shift on /,
    );

    const proMail = (await emailsTo(server, pro.email)).filter((m) =>
      m.subject.startsWith("You're booked"),
    );
    expect(proMail).toHaveLength(1);
    expect(proMail[0]!.htmlBody).toContain('<!doctype html>');
    expect(proMail[0]!.htmlBody).toContain('Bell Dental');
    expect(proMail[0]!.textBody).toContain(
      `${server.services.env.publicUrl}/hygienist-portal/schedule`,
    );
    expect(proMail[0]!.textBody).toContain('/hygienist-portal/settings');
    expect(
      (await emailsTo(server, practice.email)).filter((m) =>
        m.subject.startsWith('Avery Lane is booked'),
      ),
    ).toHaveLength(1);
  });

  it('a bell read again follows a new entry and a read at once', async () => {
    const practice = await signedInPractice(server, 'Kept Bell Dental');
    const pro = await matchingProfessional(server, { firstName: 'Rory', lastName: 'Kept' });
    const shift = await postShift(server, practice.practiceId);
    const unread = async () =>
      (await practice.client.get<NotificationsReply>('/api/notifications')).body.unreadCount;
    const before = await unread();
    expect(await unread()).toBe(before);
    // Someone else's change: the professional books; the notice worker writes the practice's entry.
    await book(pro, shift.id);
    expect(await unread()).toBe(before + 1);
    expect(await unread()).toBe(before + 1);
    await practice.client.post('/api/notifications/read-all');
    expect(await unread()).toBe(0);
  });

  it('marks one read, only your own (someone else’s id is a 404 and stays unread)', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const other = await matchingProfessional(server);
    await book(pro, (await postShift(server, practice.practiceId)).id);
    const [entry] = await bellEntries(server, pro.userId);

    const stranger = await other.client.post(`/api/notifications/${entry!.id}/read`);
    expect(stranger.status).toBe(404);
    const practiceTry = await practice.client.post(`/api/notifications/${entry!.id}/read`);
    expect(practiceTry.status).toBe(404);
    expect((await bellEntries(server, pro.userId))[0]!.readAt).toBeNull();
    // Nor does anyone else see it.
    const otherList = await other.client.get<NotificationsReply>('/api/notifications');
    expect(otherList.body.notifications.map((n) => n.id)).not.toContain(entry!.id);

    expect((await pro.client.post('/api/notifications/not-a-uuid/read')).status).toBe(404);
    const own = await pro.client.post(`/api/notifications/${entry!.id}/read`);
    expect(own.status).toBe(204);
    const after = await pro.client.get<NotificationsReply>('/api/notifications');
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.notifications[0]!.read).toBe(true);
    // Marking it again is harmless.
    expect((await pro.client.post(`/api/notifications/${entry!.id}/read`)).status).toBe(204);
  });

  it('marks all read for the caller only', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    await book(pro, (await postShift(server, practice.practiceId, { daysAhead: 2 })).id);
    await book(pro, (await postShift(server, practice.practiceId, { daysAhead: 3 })).id);
    expect(
      (await practice.client.get<NotificationsReply>('/api/notifications')).body.unreadCount,
    ).toBe(2);
    expect((await pro.client.post('/api/notifications/read-all')).status).toBe(204);
    expect((await pro.client.get<NotificationsReply>('/api/notifications')).body.unreadCount).toBe(
      0,
    );
    expect(
      (await practice.client.get<NotificationsReply>('/api/notifications')).body.unreadCount,
    ).toBe(2);
  });

  it('refuses signed-out callers (401) and admins (403)', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/notifications')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/read-all')).status).toBe(401);
    expect((await anonymous.get('/api/notifications/email-preferences')).status).toBe(401);
    const email = `admin-bell-${Date.now()}@example.com`;
    await createAdminAccount(server.services, {
      email,
      password: 'admin-password-123',
      name: 'Pat Admin',
    });
    const admin = server.client();
    expect(
      (await admin.post('/api/login', { email, password: 'admin-password-123', audience: 'admin' }))
        .status,
    ).toBe(200);
    expect((await admin.get('/api/notifications')).status).toBe(403);
    expect(
      (await admin.put('/api/notifications/email-preferences', { booking_confirmed: false }))
        .status,
    ).toBe(403);
  });
});

describe('e-mail preferences', () => {
  it('lists the kinds of each audience, all on by default', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    const practicePrefs = await practice.client.get<EmailPreferencesReply>(
      '/api/notifications/email-preferences',
    );
    expect(practicePrefs.body.preferences.map((p) => p.kind)).toEqual([
      'application_received',
      'booking_confirmed',
      'booking_cancelled',
      'booked_credential_expired',
      'shift_reminder',
      'timesheet_update',
      'payment_update',
      'shift_invitation',
      'message',
    ]);
    expect(practicePrefs.body.preferences.every((p) => p.enabled && p.label)).toBe(true);
    const proPrefs = await pro.client.get<EmailPreferencesReply>(
      '/api/notifications/email-preferences',
    );
    expect(proPrefs.body.preferences.map((p) => p.kind)).toEqual([
      'new_matching_shifts',
      'urgent_shift',
      'application_declined',
      'applied_shift_update',
      'booking_confirmed',
      'booking_cancelled',
      'verification_decision',
      'credential_update',
      'shift_reminder',
      'timesheet_update',
      'payment_update',
      'shift_invitation',
      'message',
    ]);
  });

  it('saves choices, and refuses kinds that are not yours or not booleans, changing nothing', async () => {
    const practice = await signedInPractice(server);
    const saved = await practice.client.put<EmailPreferencesReply>(
      '/api/notifications/email-preferences',
      { booking_confirmed: false, shift_reminder: false },
    );
    expect(saved.status).toBe(200);
    const enabled = Object.fromEntries(saved.body.preferences.map((p) => [p.kind, p.enabled]));
    expect(enabled).toEqual({
      application_received: true,
      booking_confirmed: false,
      booking_cancelled: true,
      booked_credential_expired: true,
      shift_reminder: false,
      timesheet_update: true,
      payment_update: true,
      shift_invitation: true,
      message: true,
    });
    const foreign = await practice.client.put('/api/notifications/email-preferences', {
      booking_confirmed: true,
      new_matching_shifts: false,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe('This setting does not apply to your account');
    for (const body of [{ booking_confirmed: 'yes' }, { nonsense: true }, {}]) {
      expect((await practice.client.put('/api/notifications/email-preferences', body)).status).toBe(
        400,
      );
    }
    const again = await practice.client.get<EmailPreferencesReply>(
      '/api/notifications/email-preferences',
    );
    expect(Object.fromEntries(again.body.preferences.map((p) => [p.kind, p.enabled]))).toEqual(
      enabled,
    );

    const back = await practice.client.put<EmailPreferencesReply>(
      '/api/notifications/email-preferences',
      { booking_confirmed: true },
    );
    expect(back.body.preferences.find((p) => p.kind === 'booking_confirmed')!.enabled).toBe(true);
  });

  it('an opt-out stops the e-mail but not the bell entry', async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server);
    expect(
      (await pro.client.put('/api/notifications/email-preferences', { booking_confirmed: false }))
        .status,
    ).toBe(200);
    await book(pro, (await postShift(server, practice.practiceId)).id);
    expect(await bellEntries(server, pro.userId, 'booking_confirmed')).toHaveLength(1);
    expect(await emailsTo(server, pro.email)).toHaveLength(0);
    // The practice did not opt out: it gets both.
    expect(await bellEntries(server, practice.userId, 'booking_confirmed')).toHaveLength(1);
    expect(
      (await emailsTo(server, practice.email)).filter((m) => m.subject.includes('is booked')),
    ).toHaveLength(1);
  });
});
