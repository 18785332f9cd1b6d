import { seedDemoCredentials } from './demo-credentials';
import { updateProfessionalProfile } from '../../services/professional/update-professional-profile';
import type { ServiceContext } from '../../services/context';
import { count, eq } from 'drizzle-orm';
import { bookings, practices, professionals, shifts, user } from '../schema';
import { readConversation, sendMessage } from '../../services/messages/conversations';
import { addDays, practiceDateOf } from '@shared/practice/shift-dates';
import { cancelShift } from '../../services/practice/cancel-shift';
import { createAdminAccount } from '../../services/screening/create-admin-account';
import { decideVerification } from '../../services/screening/decide-verification';
import { seedLocation, seedPractice, seedProfessional } from './seed-accounts';
import { practiceDateFromToday, seedShifts } from './seed-shifts';
import { applyForShift } from '../../services/marketplace/apply-for-shift';
import { bookShift } from '../../services/marketplace/book-shift';
import { recordShiftsWorkedAsScheduled } from './worked-as-scheduled';
import { seedDemoFavourites } from './demo-favourites';
import { seedDemoMarket } from './demo-market';
import { submitTimesheet } from '../../services/attendance/submit-timesheet';
import { disputePracticeTimesheet } from '../../services/attendance/practice-timesheet-decisions';
import { rateAsPractice, rateAsProfessional } from '../../services/marketplace/rate-booking';
import type { ProfessionalAccount } from '../../services/professional/professional-account';
import { sandboxBanks } from '../../bank-link/sandbox-bank-link';
import { linkBankAccount } from '../../services/billing/link-bank-account';
import { debitPendingCharges } from '../../services/money/debit-charges';
import { linkPayoutAccount } from '../../services/money/payout-account';
import { sendWaitingPayouts } from '../../services/money/send-payouts';
import { settleSandboxDebits } from '../../services/money/settle-sandbox-debits';
import { invoiceFinishedWeeks } from '../../services/money/weekly-invoices';
import { savePracticeAbout } from '../../services/trust/practice-about';
import { updatePractice } from '../../services/practice/update-practice';
import { aboutOfficeUpdateSchema } from '@shared/trust/practice-scorecard';

export const DEMO_PASSWORD = 'chairfill-demo';

export const demoAccounts = [
  { label: 'Practice', email: 'practice@demo.chairfill.example.com', portal: '/practice-login' },
  {
    label: 'Hygienist',
    email: 'hygienist@demo.chairfill.example.com',
    portal: '/professional-login',
  },
  {
    label: 'Dental assistant',
    email: 'assistant@demo.chairfill.example.com',
    portal: '/professional-login',
  },
  {
    label: 'Front desk',
    email: 'frontdesk@demo.chairfill.example.com',
    portal: '/professional-login',
  },
  { label: 'Admin (screening)', email: 'admin@demo.chairfill.example.com', portal: '/admin/login' },
  {
    label: 'Practice awaiting review',
    email: 'newpractice@demo.chairfill.example.com',
    portal: '/practice-login',
  },
] as const;

/** Creates the demo accounts when the database has no users yet. Returns true if it did. */
export async function seedDemoData(ctx: ServiceContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return false;

  const practice = await seedPractice(ctx, {
    practiceName: 'Maple Grove Dental',
    email: demoAccounts[0].email,
    phone: '(973) 555-0100',
    address: '245 Bloomfield Avenue',
    city: 'Montclair',
    state: 'NJ',
    zipCode: '07042',
    pointOfContact: 'Morgan Lee',
    password: DEMO_PASSWORD,
  });
  // What the demo practice says about itself on its page (Find Shifts → About this practice).
  await updatePractice(ctx, practice.practiceId, {
    dentalSoftware: { Dentrix: true, other: 'Dexis imaging' },
  });
  await savePracticeAbout(
    ctx,
    practice.practiceId,
    aboutOfficeUpdateSchema.parse({
      parking: 'Free lot behind the building; use the spaces marked Staff.',
      patientsPerHour: 1,
      assistantProvided: true,
      dressCode: 'Navy or black scrubs, closed-toe shoes.',
      firstDayInstructions:
        'Come in through the side door on Park Street at 7:45.\nMorgan at the front desk greets you, gives you your Dentrix login and shows you operatory 3.\nInstruments are set up for you; loupes are welcome.',
    }),
  );
  const princeton = await seedLocation(ctx, practice.practiceId, {
    name: 'Maple Grove Dental – Princeton',
    address: '30 Nassau Street',
    city: 'Princeton',
    state: 'NJ',
    zipCode: '08542',
    phone: '(609) 555-0130',
    email: 'princeton@demo.chairfill.example.com',
    pointOfContact: 'Sam Patel',
    dentalSoftware: 'Dentrix',
    operatoryCount: 5,
  });
  const admin = await createAdminAccount(ctx, {
    email: demoAccounts[4].email,
    password: DEMO_PASSWORD,
    name: 'Morgan Ellis',
  });
  const hygienist = await seedProfessional(ctx, 'hygienist', {
    firstName: 'Avery',
    lastName: 'Collins',
    email: demoAccounts[1].email,
    zipCode: '07030',
    city: 'Hoboken',
    password: DEMO_PASSWORD,
  });
  await seedProfessional(ctx, 'assistant', {
    firstName: 'Jamie',
    lastName: 'Nguyen',
    email: demoAccounts[2].email,
    zipCode: '08540',
    city: 'Princeton',
    licenseType: 'RDA',
    password: DEMO_PASSWORD,
  });
  await seedProfessional(ctx, 'front-desk', {
    firstName: 'Riley',
    lastName: 'Morgan',
    email: demoAccounts[3].email,
    zipCode: '07102',
    city: 'Newark',
    password: DEMO_PASSWORD,
  });
  // A complete matching profile, so the demo hygienist's Find Shifts board and the practice's
  // reach counts show real matches.
  await updateProfessionalProfile(
    ctx,
    { id: hygienist.userId, email: demoAccounts[1].email, role: 'hygienist' },
    {
      homeAddress: '200 Washington Street, Hoboken, NJ',
      homeZipCode: '07030',
      travelDistance: 50,
      availability: (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const).map(
        (day) => ({
          day,
          startTime: '07:00',
          endTime: '18:00',
        }),
      ),
    },
  );
  // The hygienist is verified (can book); the assistant and front desk wait in the console.
  await decideVerification(ctx, admin.userId, hygienist.professionalId, {
    decision: 'verified',
    reason: '',
  });
  await seedDemoShifts(ctx, practice.practiceId, princeton.id);
  await linkDemoBanks(ctx, practice.userId, hygienist.userId);
  await seedDemoBookings(ctx, practice.practiceId, {
    id: hygienist.userId,
    email: demoAccounts[1].email,
    role: 'hygienist',
  });
  await seedDemoCredentials(ctx, admin.userId, practice.practiceId, {
    id: hygienist.userId,
    email: demoAccounts[1].email,
    role: 'hygienist',
    professionalId: hygienist.professionalId,
  });
  // Money moves as it does every minute in the running server: last week's shift is debited,
  // settled and paid out, and the finished week is invoiced.
  await debitPendingCharges(ctx, ctx.clock.now());
  await settleSandboxDebits(ctx, ctx.clock.now());
  await sendWaitingPayouts(ctx, ctx.clock.now());
  await invoiceFinishedWeeks(ctx.db, ctx.clock.now());
  await seedDemoFavourites(ctx, practice.practiceId, hygienist.professionalId);
  await seedPracticeAwaitingReview(ctx);
  await seedDemoMarket(ctx, admin.userId);
  return true;
}

/**
 * With the sandbox bank widget (no Plaid keys), the demo practice pays from a test checking
 * account and the hygienist is paid into one, linked through the same services as the portals.
 */
async function linkDemoBanks(ctx: ServiceContext, practiceUserId: string, hygienistUserId: string) {
  const { bankLink } = ctx;
  if (!bankLink.createSandboxPublicToken) return;
  const link = async (accountId: string) => {
    const bank = sandboxBanks.find((b) => b.accounts.some((a) => a.id === accountId))!;
    return bankLink.createSandboxPublicToken!(bank.id, accountId);
  };
  await linkBankAccount(ctx, practiceUserId, await link('sandbox-first-platypus-checking'), {
    ipAddress: '127.0.0.1',
    userAgent: 'ChairFill demo data',
  });
  await linkPayoutAccount(ctx, hygienistUserId, await link('sandbox-tartan-checking'), '127.0.0.1');
}

/**
 * A short conversation about the booked shift next month: the hygienist asked, the practice
 * read it and answered, and the answer waits unread in the hygienist's Messages.
 */
async function seedDemoConversation(
  ctx: ServiceContext,
  practiceId: string,
  hygienist: ProfessionalAccount,
  shiftId: string,
  now: Date,
) {
  const [owner] = await ctx.db
    .select({ userId: practices.userId })
    .from(practices)
    .where(eq(practices.id, practiceId));
  const [professional] = await ctx.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.userId, hygienist.id));
  const practiceSide = { side: 'practice' as const, practiceId, userId: owner!.userId };
  const professionalSide = { side: 'professional' as const, account: hygienist };
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  await sendMessage(
    ctx,
    professionalSide,
    shiftId,
    null,
    { body: 'Hi! Looking forward to the shift. Is there parking at the Princeton office?' },
    minutesAgo(180),
  );
  await readConversation(ctx, practiceSide, shiftId, professional!.id, minutesAgo(170));
  await sendMessage(
    ctx,
    practiceSide,
    shiftId,
    professional!.id,
    {
      body: 'Yes, free parking behind the building. Please arrive 10 minutes early for our morning huddle.',
    },
    minutesAgo(165),
  );
}

/**
 * The marketplace at work for the demo practice and hygienist, through the same services as the
 * portals: a shift worked last week and rated by both, one nobody took five weeks ago, a booked
 * shift next month, and an application waiting for the practice's decision.
 */
async function seedDemoBookings(
  ctx: ServiceContext,
  practiceId: string,
  hygienist: ProfessionalAccount,
) {
  const now = ctx.clock.now();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const postedAt = daysAgo(12);
  const [worked] = await seedShifts(
    ctx,
    practiceId,
    {
      position: 'Hygienist',
      dates: [practiceDateFromToday(-7, now)],
      startTime: '08:00',
      endTime: '16:00',
      rate: '56.00',
      bookingMode: 'instant',
      notes: 'Recall patients; Eaglesoft charting.',
    },
    postedAt,
  );
  const booking = await bookShift(ctx, hygienist, worked!.id, daysAgo(11));
  // A shift nobody took, five weeks ago: the dashboard's fill figures list it as unfilled.
  await seedShifts(
    ctx,
    practiceId,
    {
      position: 'Dental Assistant',
      dates: [practiceDateFromToday(-35, now)],
      startTime: '09:00',
      endTime: '15:00',
      rate: '27.00',
      bookingMode: 'review',
    },
    daysAgo(42),
  );
  await recordShiftsWorkedAsScheduled(ctx.db, now);
  await rateAsPractice(ctx, practiceId, worked!.id, {
    stars: 5,
    comment: 'On time, great with anxious patients.',
  });
  await rateAsProfessional(ctx, hygienist, booking.id, {
    stars: 5,
    comment: 'Friendly team and a well-stocked operatory.',
  });

  const nextMonth = addDays(`${practiceDateOf(now).slice(0, 7)}-28`, 7).slice(0, 7);
  const [upcoming] = await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: [`${nextMonth}-08`],
    startTime: '08:00',
    endTime: '16:00',
    rate: '58.00',
    bookingMode: 'instant',
  });
  await bookShift(ctx, hygienist, upcoming!.id);
  await seedDemoConversation(ctx, practiceId, hygienist, upcoming!.id, now);

  const [reviewed] = await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: [`${nextMonth}-15`],
    startTime: '09:00',
    endTime: '17:00',
    rate: '57.00',
    notes: 'Perio maintenance day.',
  });
  await applyForShift(ctx, hygienist, reviewed!.id, {
    note: 'I know Dentrix well and am free all day.',
  });
  await seedDemoAttendance(ctx, practiceId, hygienist, now);
}

/**
 * The day of a shift on both sides: a shift starting in a few minutes (the practice's dashboard
 * shows its check-in code, the hygienist can tap "I'm here"), a timesheet waiting for the
 * practice's approval, and one the practice disputed, waiting for an admin's decision.
 */
async function seedDemoAttendance(
  ctx: ServiceContext,
  practiceId: string,
  hygienist: ProfessionalAccount,
  now: Date,
) {
  const minutes = (n: number) => n * 60_000;
  // Booked while upcoming (as in the portal), then placed at its demo time.
  const bookedShift = async (startsAt: Date, hours: number, rate: string) => {
    const [shift] = await seedShifts(ctx, practiceId, {
      position: 'Hygienist',
      dates: [practiceDateFromToday(20, now)],
      startTime: '08:00',
      endTime: '16:00',
      rate,
      bookingMode: 'instant',
    });
    const booking = await bookShift(ctx, hygienist, shift!.id);
    const endsAt = new Date(startsAt.getTime() + hours * 3_600_000);
    await ctx.db.update(shifts).set({ startsAt, endsAt }).where(eq(shifts.id, shift!.id));
    return { bookingId: booking.id, startsAt, endsAt };
  };
  const soon = new Date(Math.ceil((now.getTime() + minutes(15)) / minutes(15)) * minutes(15));
  await bookedShift(soon, 6, '57.00');

  const worked = async (startedHoursAgo: number, rate: string) => {
    const startsAt = new Date(now.getTime() - minutes(startedHoursAgo * 60));
    const shift = await bookedShift(startsAt, 8, rate);
    await ctx.db
      .update(bookings)
      .set({ checkedInAt: new Date(startsAt.getTime() - minutes(5)) })
      .where(eq(bookings.id, shift.bookingId));
    const attendance = await submitTimesheet(
      ctx,
      hygienist,
      shift.bookingId,
      { startedAt: shift.startsAt, endedAt: shift.endsAt, breakMinutes: 30 },
      new Date(shift.endsAt.getTime() + minutes(10)),
    );
    return attendance.timesheet!.id;
  };
  await worked(20, '56.00');
  const disputed = await worked(44, '56.00');
  await disputePracticeTimesheet(
    ctx,
    practiceId,
    disputed,
    'Left at 3:30 PM for an appointment; please pay until then.',
    new Date(now.getTime() - minutes(60)),
  );
}

/**
 * A handful of staffing requests for the demo practice, this month and next, all in the future
 * (posted through the same service as the portal), and one cancelled shift for the schedule.
 */
async function seedDemoShifts(ctx: ServiceContext, practiceId: string, princetonId: string) {
  const now = ctx.clock.now();
  const today = practiceDateOf(now);
  const thisMonth = today.slice(0, 7);
  const laterThisMonth = [1, 3, 6]
    .map((days) => addDays(today, days))
    .filter((date) => date.startsWith(thisMonth));
  const nextMonth = addDays(`${thisMonth}-28`, 7).slice(0, 7);
  const inNextMonth = (day: number) => `${nextMonth}-${String(day).padStart(2, '0')}`;

  if (laterThisMonth.length > 0) {
    await seedShifts(ctx, practiceId, {
      position: 'Hygienist',
      dates: laterThisMonth,
      startTime: '08:00',
      endTime: '16:00',
      rate: '58.00',
      timePerPatient: 60,
      notes: 'Adult prophy and perio maintenance; Dentrix charting.',
    });
  }
  await seedShifts(ctx, practiceId, {
    position: 'Dental Assistant',
    dates: [inNextMonth(4), inNextMonth(11)],
    startTime: '09:00',
    endTime: '17:00',
    rate: '32.50',
    locationId: princetonId,
    timePerPatient: 45,
    notes: 'Chairside assisting for crown and bridge.',
  });
  const [frontDesk] = await seedShifts(ctx, practiceId, {
    position: 'Front Desk',
    dates: [inNextMonth(18)],
    startTime: '08:30',
    endTime: '17:00',
    rate: '26.00',
    breakMinutes: 60,
    notes: 'Check-in, insurance verification and scheduling.',
  });
  await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: [inNextMonth(22)],
    startTime: '07:30',
    endTime: '15:30',
    rate: '60.00',
    locationId: princetonId,
    breakMinutes: 0,
    timePerPatient: 60,
  });
  await seedShifts(ctx, practiceId, {
    position: 'Front Desk',
    dates: [inNextMonth(25)],
    startTime: '09:00',
    endTime: '13:00',
    rate: '25.00',
    breakMinutes: 0,
  });
  await cancelShift(ctx, practiceId, frontDesk!.id);
}

/**
 * A practice that signed up but that ChairFill has not verified yet: its portal says why its
 * open shift reaches nobody, and the admin console's Practices tab lists it for review.
 */
async function seedPracticeAwaitingReview(ctx: ServiceContext): Promise<void> {
  const practice = await seedPractice(
    ctx,
    {
      practiceName: 'Bayside Family Dental',
      email: demoAccounts[5].email,
      phone: '(201) 555-0175',
      address: '88 Newark Avenue',
      city: 'Jersey City',
      state: 'NJ',
      zipCode: '07302',
      pointOfContact: 'Jordan Blake',
      password: DEMO_PASSWORD,
    },
    { verified: false },
  );
  await seedShifts(ctx, practice.practiceId, {
    position: 'Hygienist',
    bookingMode: 'instant',
    dates: [practiceDateFromToday(6)],
    timePerPatient: 45,
  });
}
