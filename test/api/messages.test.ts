import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES_PER_MINUTE,
  MESSAGE_MAX_LENGTH,
  messageTexts,
} from '../../src/shared/conversations/conversations';
import { conversations, conversationMessages, shifts } from '../../src/server/db/schema';
import { messageEmailsJob } from '../../src/server/jobs/message-emails-job';
import { messageRetentionJob } from '../../src/server/jobs/message-retention-job';
import { serverForFile } from '../support/marketplace-fixtures';
import {
  bellEntries,
  book,
  emailsTo,
  matchingProfessional,
  postShift,
  signedInPractice,
  type Practice,
  type Professional,
} from '../support/notification-fixtures';
import type { TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

const MINUTE = 60_000;
let nextDay = 2;

/** A practice, a professional booked on one of its shifts, and the shift. */
async function bookedPair(names: { practice?: string; first?: string } = {}) {
  const practice = await signedInPractice(server, names.practice ?? 'Harbor Dental Care');
  const pro = await matchingProfessional(server, { firstName: names.first ?? 'Alice' });
  const shift = await postShift(server, practice.practiceId, { daysAhead: nextDay++ });
  await book(pro, shift.id);
  return { practice, pro, shiftId: shift.id };
}

const practicePath = (shiftId: string, pro: Professional) =>
  `/api/practice/shifts/${shiftId}/conversations/${pro.professionalId}`;
const proPath = (shiftId: string) => `/api/professional/shifts/${shiftId}/conversation`;

async function practiceSends(practice: Practice, shiftId: string, pro: Professional, body: string) {
  return practice.client.post(`${practicePath(shiftId, pro)}/messages`, { body });
}
async function proSends(pro: Professional, shiftId: string, body: string) {
  return pro.client.post(`${proPath(shiftId)}/messages`, { body });
}

/** The e-mails about unread messages sent to an address. */
async function messageEmails(address: string) {
  return (await emailsTo(server, address)).filter((email) =>
    email.subject.startsWith('New message from'),
  );
}

async function messageCount() {
  return (await server.services.db.select().from(conversationMessages)).length;
}

describe('who may talk', () => {
  it('lets the practice and its booked professional talk, either side first', async () => {
    const { practice, pro, shiftId } = await bookedPair();
    const empty = await practice.client.get(practicePath(shiftId, pro));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ otherName: 'Alice Rivera', canSend: true, messages: [] });

    const first = await proSends(pro, shiftId, '  Hello, where do I park?  ');
    expect(first.status).toBe(201);
    expect(first.body.otherName).toBe('Harbor Dental Care');
    expect(first.body.messages).toEqual([
      expect.objectContaining({ body: 'Hello, where do I park?', mine: true, readAt: null }),
    ]);
    const reply = await practiceSends(practice, shiftId, pro, 'Behind the building.');
    expect(reply.status).toBe(201);
    expect(
      reply.body.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine]),
    ).toEqual([
      ['Hello, where do I park?', false],
      ['Behind the building.', true],
    ]);
    const rows = await server.services.db
      .select()
      .from(conversations)
      .where(eq(conversations.shiftId, shiftId));
    expect(rows).toHaveLength(1);
  });

  it('lets a pending applicant talk, but not a withdrawn one, another professional or another practice', async () => {
    const practice = await signedInPractice(server, 'Review Dental');
    const applicant = await matchingProfessional(server, { firstName: 'Jordan' });
    const stranger = await matchingProfessional(server, { firstName: 'Stranger' });
    const other = await signedInPractice(server, 'Other Dental');
    const shift = await postShift(server, practice.practiceId, {
      daysAhead: nextDay++,
      bookingMode: 'review',
    });
    const applied = await applicant.client.post(`/api/professional/shifts/${shift.id}/apply`, {
      note: '',
    });
    expect(applied.status).toBe(201);
    expect((await proSends(applicant, shift.id, 'Is parking free?')).status).toBe(201);
    const before = await messageCount();

    for (const res of [
      await proSends(stranger, shift.id, 'Hi'),
      await stranger.client.get(proPath(shift.id)),
      await practiceSends(practice, shift.id, stranger, 'Hi'),
      await practice.client.get(practicePath(shift.id, stranger)),
      await practiceSends(other, shift.id, applicant, 'Hi'),
      await other.client.get(practicePath(shift.id, applicant)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(messageTexts.notFound);
    }
    expect(await messageCount()).toBe(before);
    expect((await other.client.get('/api/practice/conversations')).body.conversations).toEqual([]);
    expect(
      (await stranger.client.get('/api/professional/conversations')).body.conversations,
    ).toEqual([]);

    // Withdrawn: the history stays readable, no new messages.
    const withdrawn = await applicant.client.post(
      `/api/professional/applications/${applied.body.id}/withdraw`,
    );
    expect(withdrawn.status).toBe(200);
    const thread = await applicant.client.get(proPath(shift.id));
    expect(thread.status).toBe(200);
    expect(thread.body.canSend).toBe(false);
    expect((await proSends(applicant, shift.id, 'Still there?')).status).toBe(404);
    expect((await practiceSends(practice, shift.id, applicant, 'Yes')).status).toBe(404);
  });

  it('stops new messages once either side blocks the other, with the unknown answer', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Blocking Dental' });
    expect((await proSends(pro, shiftId, 'Hello')).status).toBe(201);
    const blocked = await practice.client.put(`/api/practice/blocks/${pro.professionalId}`);
    expect(blocked.status).toBeLessThan(300);
    const before = await messageCount();
    const refused = await proSends(pro, shiftId, 'Hello again');
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(messageTexts.notFound);
    expect((await practiceSends(practice, shiftId, pro, 'No')).status).toBe(404);
    expect(await messageCount()).toBe(before);
    expect((await practice.client.get(practicePath(shiftId, pro))).body.canSend).toBe(false);
  });
});

describe('reading', () => {
  it('a list and count read again follow the other side writing and their own opening at once', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Kept Dental' });
    const unread = async () =>
      (await pro.client.get('/api/professional/conversations/unread')).body.unread;
    const last = async () =>
      (await pro.client.get('/api/professional/conversations')).body.conversations[0]?.lastMessage
        ?.body;
    expect(await unread()).toBe(0);
    expect(await last()).toBeUndefined();
    await practiceSends(practice, shiftId, pro, 'First');
    expect(await unread()).toBe(1);
    expect(await last()).toBe('First');
    expect(await unread()).toBe(1);
    await practiceSends(practice, shiftId, pro, 'Second');
    expect(await unread()).toBe(2);
    expect(await last()).toBe('Second');
    // Opening the thread marks them read: the very next count says so.
    await pro.client.get(proPath(shiftId));
    expect(await unread()).toBe(0);
    expect(
      (await pro.client.get('/api/professional/conversations')).body.conversations[0].unread,
    ).toBe(0);
  });

  it("a conversation read again follows the other side's message, reading and block at once", async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Kept Thread Dental' });
    const thread = async () => (await practice.client.get(practicePath(shiftId, pro))).body;
    expect((await thread()).messages).toEqual([]);
    expect((await thread()).messages).toEqual([]);
    // The professional writes: the practice's next read has it (and marks it read).
    await proSends(pro, shiftId, 'Running five minutes late');
    expect((await thread()).messages).toEqual([
      expect.objectContaining({ body: 'Running five minutes late', mine: false }),
    ]);
    await practiceSends(practice, shiftId, pro, 'No problem');
    const sent = await thread();
    expect(sent.messages.at(-1)).toMatchObject({ body: 'No problem', mine: true, readAt: null });
    expect((await thread()).messages.at(-1).readAt).toBeNull();
    // The professional opens it: the practice sees its message read.
    await pro.client.get(proPath(shiftId));
    expect((await thread()).messages.at(-1).readAt).not.toBeNull();
    // The professional blocks the practice: no more messages either way.
    expect((await thread()).canSend).toBe(true);
    expect((await pro.client.put(`/api/professional/blocks/${practice.practiceId}`)).status).toBe(
      204,
    );
    expect((await thread()).canSend).toBe(false);
  });

  it('orders messages, marks them read when the other side opens the thread, and counts unread', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Counting Dental' });
    await practiceSends(practice, shiftId, pro, 'One');
    await practiceSends(practice, shiftId, pro, 'Two');
    expect((await pro.client.get('/api/professional/conversations/unread')).body).toEqual({
      unread: 2,
    });
    const list = await pro.client.get('/api/professional/conversations');
    expect(list.body.conversations).toEqual([
      expect.objectContaining({
        shiftId,
        professionalId: pro.professionalId,
        otherName: 'Counting Dental',
        unread: 2,
        lastMessage: expect.objectContaining({ body: 'Two', mine: false }),
      }),
    ]);
    // The sender's own messages never count as unread for them.
    expect((await practice.client.get('/api/practice/conversations/unread')).body.unread).toBe(0);

    const opened = await pro.client.get(proPath(shiftId));
    expect(opened.body.messages.map((m: { body: string }) => m.body)).toEqual(['One', 'Two']);
    expect((await pro.client.get('/api/professional/conversations/unread')).body.unread).toBe(0);
    const seen = await practice.client.get(practicePath(shiftId, pro));
    expect(seen.body.messages.every((m: { readAt: string | null }) => m.readAt !== null)).toBe(
      true,
    );
  });
});

describe('input', () => {
  it('refuses empty, too long and non-text bodies with a clear message, changing nothing', async () => {
    const { pro, shiftId } = await bookedPair({ practice: 'Input Dental' });
    const before = await messageCount();
    const cases: Array<[unknown, string]> = [
      [{ body: '   ' }, messageTexts.bodyRequired],
      [{ body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, messageTexts.bodyTooLong],
      [{ body: 42 }, messageTexts.bodyRequired],
      [{}, messageTexts.bodyRequired],
    ];
    for (const [body, message] of cases) {
      const res = await pro.client.post(`${proPath(shiftId)}/messages`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await messageCount()).toBe(before);
    const longest = await proSends(pro, shiftId, 'y'.repeat(MESSAGE_MAX_LENGTH));
    expect(longest.status).toBe(201);
  });

  it('keeps the text as typed and escapes it in the e-mail', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Escaping Dental' });
    const hostile = '<script>alert("x")</script> & <b>bold</b>';
    expect((await practiceSends(practice, shiftId, pro, hostile)).status).toBe(201);
    const [row] = await server.services.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.body, hostile));
    expect(row).toBeDefined();
    await messageEmailsJob.run(server.services, new Date(Date.now() + 16 * MINUTE));
    const [email] = await messageEmails(pro.email);
    expect(email).toBeDefined();
    expect(email!.htmlBody).not.toContain('<script>');
    expect(email!.htmlBody).toContain('&lt;script&gt;');
    expect(email!.textBody).toContain(hostile);
  });

  it('limits how many messages one sender sends a minute', async () => {
    const { pro, shiftId } = await bookedPair({ practice: 'Chatty Dental' });
    for (let i = 0; i < MESSAGES_PER_MINUTE; i += 1) {
      expect((await proSends(pro, shiftId, `Message ${i}`)).status).toBe(201);
    }
    const before = await messageCount();
    const refused = await proSends(pro, shiftId, 'One too many');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(messageTexts.tooMany);
    expect(await messageCount()).toBe(before);
  });
});

describe('e-mail fallback', () => {
  it('e-mails a message unread for 15 minutes once, then at most hourly per conversation', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Mailing Dental' });
    const start = Date.now();
    await practiceSends(practice, shiftId, pro, 'Can you come at 7:30?');
    const at = (minutes: number) => new Date(start + minutes * MINUTE);

    await messageEmailsJob.run(server.services, at(14));
    expect(await messageEmails(pro.email)).toHaveLength(0);

    const first = await messageEmailsJob.run(server.services, at(16));
    expect(first.emails).toBeGreaterThanOrEqual(1);
    await messageEmailsJob.run(server.services, at(16));
    await messageEmailsJob.run(server.services, at(17));
    const mails = await messageEmails(pro.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New message from Mailing Dental');
    expect(mails[0]!.textBody).toContain('Can you come at 7:30?');
    expect(mails[0]!.textBody).toContain(`/hygienist-portal/messages/${shiftId}`);
    // The bell counts unread messages itself: the fallback adds no bell entry.
    expect(await bellEntries(server, pro.userId, 'message')).toHaveLength(0);
    // The sender is not e-mailed about their own message.
    expect(await messageEmails(practice.email)).toHaveLength(0);

    // A second message soon after waits for the hour to pass.
    await server.services.db
      .update(conversationMessages)
      .set({ createdAt: at(20) })
      .where(eq(conversationMessages.body, 'Can you come at 7:30?'));
    await practiceSends(practice, shiftId, pro, 'Please confirm.');
    await server.services.db
      .update(conversationMessages)
      .set({ createdAt: at(20) })
      .where(eq(conversationMessages.body, 'Please confirm.'));
    await messageEmailsJob.run(server.services, at(40));
    expect(await messageEmails(pro.email)).toHaveLength(1);
    await messageEmailsJob.run(server.services, at(77));
    expect(await messageEmails(pro.email)).toHaveLength(2);
    // Nothing new: no further e-mail, however long it stays unread.
    await messageEmailsJob.run(server.services, at(200));
    expect(await messageEmails(pro.email)).toHaveLength(2);
  });

  it('sends no e-mail when the e-mail of new messages is turned off; the unread count stays', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Quiet Dental' });
    const off = await practice.client.put('/api/notifications/email-preferences', {
      message: false,
    });
    expect(off.status).toBe(200);
    await proSends(pro, shiftId, 'Do you have loupes I can borrow?');
    await messageEmailsJob.run(server.services, new Date(Date.now() + 16 * MINUTE));
    expect(await messageEmails(practice.email)).toHaveLength(0);
    expect(await bellEntries(server, practice.userId, 'message')).toHaveLength(0);
    const unread = await practice.client.get('/api/practice/conversations/unread');
    expect(unread.body).toEqual({ unread: 1 });
  });

  it('sends nothing about messages sent before the practice blocked their sender', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Blocking Dental' });
    expect((await proSends(pro, shiftId, 'Please answer me')).status).toBe(201);
    const blocked = await practice.client.put(`/api/practice/blocks/${pro.professionalId}`);
    expect(blocked.status).toBe(204);
    await messageEmailsJob.run(server.services, new Date(Date.now() + 30 * MINUTE));
    expect(await messageEmails(practice.email)).toHaveLength(0);
  });

  it('sends nothing for a message read in time', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Quick Dental' });
    await proSends(pro, shiftId, 'Running 5 minutes late');
    await practice.client.get(practicePath(shiftId, pro));
    await messageEmailsJob.run(server.services, new Date(Date.now() + 30 * MINUTE));
    expect(await messageEmails(practice.email)).toHaveLength(0);
  });
});

describe('retention', () => {
  it('deletes conversations 12 months after their shift ended, and not before', async () => {
    const { practice, pro, shiftId } = await bookedPair({ practice: 'Old Dental' });
    await proSends(pro, shiftId, 'Thanks for today');
    const [shift] = await server.services.db.select().from(shifts).where(eq(shifts.id, shiftId));
    const dayAfterEnd = new Date(shift!.endsAt.getTime() + 24 * 60 * MINUTE);
    const elevenMonths = new Date(dayAfterEnd);
    elevenMonths.setUTCMonth(elevenMonths.getUTCMonth() + 11);
    await messageRetentionJob.run(server.services, elevenMonths);
    expect(
      await server.services.db
        .select()
        .from(conversations)
        .where(eq(conversations.shiftId, shiftId)),
    ).toHaveLength(1);
    const thirteenMonths = new Date(dayAfterEnd);
    thirteenMonths.setUTCMonth(thirteenMonths.getUTCMonth() + 13);
    const result = await messageRetentionJob.run(server.services, thirteenMonths);
    expect(result.deletedConversations).toBeGreaterThanOrEqual(1);
    expect(
      await server.services.db
        .select()
        .from(conversations)
        .where(eq(conversations.shiftId, shiftId)),
    ).toHaveLength(0);
    expect((await practice.client.get('/api/practice/conversations')).body.conversations).toEqual(
      [],
    );
  });
});
