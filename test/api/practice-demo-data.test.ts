import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftDto } from '../../src/shared/practice/practice-replies';
import { addDays } from '../../src/shared/practice/shift-dates';
import { demoAccounts, DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed/demo-data';
import { practiceDateFromToday } from '../../src/server/db/seed/seed-shifts';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function newJerseyMonth(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
  }).format(instant);
}

describe('demo data', () => {
  it('posts shifts for the demo practice this month and next, one cancelled, and shows the marketplace at work', async () => {
    const started = new Date();
    expect(await seedDemoData(server.services)).toBe(true);
    const client = server.client();
    const login = await client.post('/api/login', {
      email: demoAccounts[0].email,
      password: DEMO_PASSWORD,
      audience: 'practice',
    });
    expect(login.status).toBe(200);
    const from = new Date(started.getTime() - 30 * 864e5).toISOString();
    const to = new Date(started.getTime() + 90 * 864e5).toISOString();
    const { shifts } = (
      await client.get<{ shifts: ShiftDto[] }>(
        `/api/practice/shifts?${new URLSearchParams({ from, to })}`,
      )
    ).body;
    expect(shifts.length).toBeGreaterThanOrEqual(8);
    const thisMonth = newJerseyMonth(started);
    const nextMonth = newJerseyMonth(
      new Date(Date.parse(`${thisMonth}-15T12:00:00Z`) + 30 * 864e5),
    );
    const [worked, ...others] = shifts;
    // Last week's shift was worked by the demo hygienist and rated by both sides.
    expect(worked!.status).toBe('completed');
    expect(Date.parse(worked!.endTime)).toBeLessThan(started.getTime());
    expect(worked!.booking).toMatchObject({
      professionalName: 'Avery Collins',
      status: 'completed',
      canRate: false,
      myRating: { stars: 5, comment: 'On time, great with anxious patients.' },
    });
    // The day of a shift: two worked in the last two days with their timesheets being decided,
    // and one starting within the next half hour (its check-in code on the dashboard).
    const recent = others.filter((shift) => Date.parse(shift.startTime) < started.getTime());
    expect(recent.map((shift) => shift.status)).toEqual(['filled', 'filled']);
    const soon = others.find((shift) => Date.parse(shift.startTime) >= started.getTime())!;
    expect(Date.parse(soon.startTime) - started.getTime()).toBeLessThanOrEqual(31 * 60_000);
    expect(soon.booking?.professionalName).toBe('Avery Collins');
    for (const shift of others.filter((s) => !recent.includes(s))) {
      expect(Date.parse(shift.startTime)).toBeGreaterThan(started.getTime());
      expect([thisMonth, nextMonth]).toContain(newJerseyMonth(new Date(shift.startTime)));
      expect(shift.practiceName).toBe('Maple Grove Dental');
    }
    const timesheets = (await client.get('/api/practice/timesheets')).body.timesheets;
    // Waiting first, then disputed, then last week's approved one.
    expect(timesheets.map((t: { status: string }) => t.status)).toEqual([
      'submitted',
      'disputed',
      'approved',
    ]);
    const codes = (await client.get('/api/practice/check-in-codes')).body.shifts;
    expect(codes.map((c: { shiftId: string }) => c.shiftId)).toContain(soon.id);
    expect(new Set(shifts.map((s) => s.position))).toEqual(
      new Set(['Hygienist', 'Dental Assistant', 'Front Desk']),
    );
    expect(new Set(shifts.map((s) => s.location.name)).size).toBe(2);
    expect(shifts.filter((s) => s.status === 'cancelled')).toHaveLength(1);
    const filled = shifts.filter((s) => s.status === 'filled');
    expect(filled).toHaveLength(4);
    for (const shift of filled) expect(shift.booking?.professionalName).toBe('Avery Collins');
    expect(shifts.filter((s) => s.applicantCount === 1)).toHaveLength(1);

    const open = shifts.filter((s) => s.status === 'open').length;
    const dashboard = (await client.get('/api/practice/dashboard')).body;
    expect(dashboard).toMatchObject({
      activeRequests: open,
      // The shift next month and the one starting in a few minutes.
      upcomingShifts: open + 2,
      professionalsWorkedWith: 1,
      averageRating: 5,
    });
    expect(dashboard.averageResponseMinutes).toBeTypeOf('number');
    // How its shifts filled: five weeks ago a dental assistant shift nobody took.
    expect(dashboard.fill.filled).toBeGreaterThanOrEqual(3);
    expect(dashboard.fill.ended).toBe(dashboard.fill.filled + 1);
    expect(dashboard.fill.unfilledShifts).toEqual([
      expect.objectContaining({ position: 'Dental Assistant', mainReason: 'nobody_took_it' }),
    ]);

    const pro = server.client();
    // (Below: the hygienist's own view, with the shift about to start among the upcoming.)
    expect(
      (
        await pro.post('/api/login', {
          email: demoAccounts[1].email,
          password: DEMO_PASSWORD,
          audience: 'professional',
        })
      ).status,
    ).toBe(200);
    expect((await pro.get('/api/professional/dashboard')).body).toEqual({
      completedShifts: 1,
      upcomingShifts: 2,
      averageRating: 5,
      // Last week's 8-hour shift, less its 30-minute break.
      totalHours: 7.5,
    });
    // Messages: the hygienist asked about parking, the practice read it and answered; the
    // answer waits unread for the hygienist.
    expect((await pro.get('/api/professional/conversations/unread')).body).toEqual({ unread: 1 });
    expect((await client.get('/api/practice/conversations/unread')).body).toEqual({ unread: 0 });
    const [conversation] = (await pro.get('/api/professional/conversations')).body.conversations;
    expect(conversation).toMatchObject({
      otherName: 'Maple Grove Dental',
      unread: 1,
      lastMessage: { mine: false },
    });
    const practiceThread = (
      await client.get(
        `/api/practice/shifts/${conversation.shiftId}/conversations/${conversation.professionalId}`,
      )
    ).body;
    expect(practiceThread.otherName).toBe('Avery Collins');
    expect(
      practiceThread.messages.map((m: { mine: boolean; readAt: string | null }) => [
        m.mine,
        m.readAt !== null,
      ]),
    ).toEqual([
      [false, true],
      [true, false],
    ]);
    // Money at work: last week's shift was charged, settled, paid out and invoiced.
    const money = (await client.get('/api/practice/billing/money')).body;
    expect(money.paymentFailed).toBe(false);
    expect(money.charges).toEqual([
      expect.objectContaining({ kind: 'worked', status: 'settled', payoutStatus: 'paid' }),
    ]);
    expect(money.invoices).toEqual([expect.objectContaining({ status: 'paid', lineCount: 1 })]);
    const year = new Date(money.charges[0].serviceDate).getUTCFullYear();
    const earnings = (await pro.get(`/api/professional/earnings?year=${year}`)).body;
    expect(earnings.earnings).toContainEqual(
      expect.objectContaining({ status: 'paid', paidAt: expect.any(String) }),
    );
    expect((await pro.get('/api/professional/payout-account')).body.account).toMatchObject({
      bankName: 'Tartan Bank',
    });
    // Who gets a shift first: Avery is the practice's favourite, offered a shift before anyone
    // else, the only one who may book another at once, invited to a third; a block of three
    // days asks for one professional.
    const professionals = (await client.get('/api/practice/professionals')).body.professionals;
    expect(professionals).toEqual([
      expect.objectContaining({ name: 'Avery Collins', favourite: true }),
    ]);
    expect(shifts.filter((s) => s.offer.favouritesFirstUntil !== null)).toHaveLength(1);
    expect(shifts.filter((s) => s.offer.instantBookFor === 'favourites')).toHaveLength(1);
    expect(shifts.filter((s) => s.offer.wholeBlock)).toHaveLength(3);
    const invitations = (await pro.get('/api/professional/invitations')).body.invitations;
    expect(invitations).toEqual([
      expect.objectContaining({
        status: 'pending',
        shift: expect.objectContaining({ practiceName: 'Maple Grove Dental' }),
      }),
    ]);
    const board = (await pro.get('/api/professional/shift-board')).body.shifts;
    expect(
      board.some(
        (s: { offer: { favouritesFirstUntil: string | null } }) => s.offer.favouritesFirstUntil,
      ),
    ).toBe(true);
    // The market around the practice: its new-shift form shows a band for weekday hygienists.
    let weekday = practiceDateFromToday(3);
    while ([0, 6].includes(new Date(`${weekday}T12:00:00Z`).getUTCDay())) {
      weekday = addDays(weekday, 1);
    }
    const montclair = (await client.get('/api/practice/locations')).body.locations.find(
      (location: { isMainLocation: boolean }) => location.isMainLocation,
    );
    const preview = await client.get(
      `/api/practice/shift-preview?${new URLSearchParams({
        position: 'Hygienist',
        date: weekday,
        startTime: '08:00',
        endTime: '16:00',
        rate: '55.00',
        locationId: montclair.id,
      })}`,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.band).toMatchObject({
      p25Cents: 5200,
      p50Cents: 5500,
      p75Cents: 5700,
      shifts: 5,
      practices: 3,
    });
    // Seeding again does nothing once accounts exist.
    expect(await seedDemoData(server.services)).toBe(false);
  });
});
