/**
 * A busy practice for the Staffing Requests page benchmark: three locations and 500 shifts from
 * the first of this month through the last postable date (every one of them on the page's
 * default list), in every status, made through the same services as the portals: posted
 * (multi-date requests), booked instantly or through an accepted application, worked and rated,
 * cancelled, or open with applications waiting.
 */
import {
  addDays,
  lastPostableDate,
  practiceDateOf,
  practiceInstant,
} from '../../src/shared/practice/shift-dates';
import type { ShiftPosition } from '../../src/shared/practice/shifts';
import {
  seedLocation,
  seedPractice,
  seedProfessional,
} from '../../src/server/db/seed/seed-accounts';
import { seedShifts } from '../../src/server/db/seed/seed-shifts';
import type { ServiceContext } from '../../src/server/services/context';
import { acceptApplication } from '../../src/server/services/marketplace/accept-application';
import { applyForShift } from '../../src/server/services/marketplace/apply-for-shift';
import { bookShift } from '../../src/server/services/marketplace/book-shift';
import { recordShiftsWorkedAsScheduled } from '../../src/server/db/seed/worked-as-scheduled';
import { rateAsPractice } from '../../src/server/services/marketplace/rate-booking';
import { cancelShift } from '../../src/server/services/practice/cancel-shift';
import type { ProfessionalAccount } from '../../src/server/services/professional/professional-account';
import { decideVerification } from '../../src/server/services/screening/decide-verification';
import { DomainError } from '../../src/server/services/domain-error';

export const BUSY_PRACTICE_EMAIL = 'busy-practice@bench.chairfill.example.com';
export const BUSY_PRACTICE_SHIFTS = 500;
/** The new-shift form's limit of dates per request. */
const MAX_DATES_PER_REQUEST = 93;

type LocationKey = 'jerseyCity' | 'newark' | 'morristown';

interface Slot {
  position: ShiftPosition;
  location: LocationKey;
  startTime: string;
  endTime: string;
  rate: string;
  bookingMode: 'instant' | 'review';
  /** Which professional of the position works or applies for this slot first. */
  professional: number;
  notes: string;
}

/** A day's staffing pattern across the three locations (Sundays closed). */
const slots: Slot[] = [
  {
    position: 'Hygienist',
    location: 'jerseyCity',
    startTime: '08:00',
    endTime: '16:00',
    rate: '58.00',
    bookingMode: 'instant',
    professional: 0,
    notes: 'Adult prophy and perio maintenance; Dentrix charting.',
  },
  {
    position: 'Hygienist',
    location: 'newark',
    startTime: '09:00',
    endTime: '17:00',
    rate: '56.00',
    bookingMode: 'review',
    professional: 1,
    notes: 'Recall patients and SRP.',
  },
  {
    position: 'Hygienist',
    location: 'morristown',
    startTime: '07:30',
    endTime: '15:30',
    rate: '60.00',
    bookingMode: 'review',
    professional: 2,
    notes: '',
  },
  {
    position: 'Dental Assistant',
    location: 'jerseyCity',
    startTime: '08:00',
    endTime: '16:00',
    rate: '32.00',
    bookingMode: 'instant',
    professional: 0,
    notes: 'Chairside assisting for crown and bridge.',
  },
  {
    position: 'Dental Assistant',
    location: 'morristown',
    startTime: '09:00',
    endTime: '15:00',
    rate: '30.00',
    bookingMode: 'review',
    professional: 1,
    notes: '',
  },
  {
    position: 'Front Desk',
    location: 'jerseyCity',
    startTime: '08:30',
    endTime: '17:00',
    rate: '25.00',
    bookingMode: 'review',
    professional: 0,
    notes: 'Check-in, insurance verification and scheduling.',
  },
  {
    position: 'Front Desk',
    location: 'newark',
    startTime: '08:00',
    endTime: '16:00',
    rate: '24.00',
    bookingMode: 'instant',
    professional: 1,
    notes: '',
  },
];

const roles = {
  Hygienist: 'hygienist',
  'Dental Assistant': 'assistant',
  'Front Desk': 'front-desk',
} as const;

/** What happens to a shift, from its place in the sequence (deterministic, so runs compare). */
function fateOf(
  index: number,
  past: boolean,
): 'worked' | 'cancelled' | 'unfilled' | 'booked' | 'open' {
  const n = (index * 37) % 20;
  if (past) return n < 14 ? 'worked' : n < 17 ? 'cancelled' : 'unfilled';
  return n < 8 ? 'booked' : n < 10 ? 'cancelled' : 'open';
}

async function verifiedProfessionals(ctx: ServiceContext, adminUserId: string) {
  const people: Record<ShiftPosition, ProfessionalAccount[]> = {
    Hygienist: [],
    'Dental Assistant': [],
    'Front Desk': [],
  };
  const names = ['Taylor Brooks', 'Jordan Ellis', 'Casey Romero'];
  for (const position of Object.keys(people) as ShiftPosition[]) {
    const role = roles[position];
    for (const [i, name] of names.entries()) {
      const [firstName, lastName] = name.split(' ') as [string, string];
      const email = `${role}-${i + 1}@bench.chairfill.example.com`;
      const created = await seedProfessional(ctx, role, {
        firstName,
        lastName,
        email,
        zipCode: ['07302', '07102', '07960'][i]!,
        city: ['Jersey City', 'Newark', 'Morristown'][i]!,
      });
      await decideVerification(ctx, adminUserId, created.professionalId, {
        decision: 'verified',
        reason: '',
      });
      people[position].push({ id: created.userId, email, role });
    }
  }
  return people;
}

/** Creates the busy practice (signs in with `password`); returns its e-mail and shift counts. */
export async function seedBusyPractice(
  ctx: ServiceContext,
  adminUserId: string,
  password: string,
  now: Date = new Date(),
): Promise<{ email: string; shifts: number; byStatus: Record<string, number> }> {
  const practice = await seedPractice(ctx, {
    practiceName: 'Riverside Family Dental',
    email: BUSY_PRACTICE_EMAIL,
    phone: '(201) 555-0177',
    address: '30 Montgomery Street',
    city: 'Jersey City',
    state: 'NJ',
    zipCode: '07302',
    pointOfContact: 'Jordan Avery',
    password,
  });
  const newark = await seedLocation(ctx, practice.practiceId, {
    name: 'Riverside Family Dental – Newark',
    address: '1 Gateway Center',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07102',
    phone: '(973) 555-0190',
    email: 'newark@bench.chairfill.example.com',
    pointOfContact: 'Robin Shah',
    operatoryCount: 6,
  });
  const morristown = await seedLocation(ctx, practice.practiceId, {
    name: 'Riverside Family Dental – Morristown',
    address: '10 Park Place',
    city: 'Morristown',
    state: 'NJ',
    zipCode: '07960',
    phone: '(973) 555-0191',
    email: 'morristown@bench.chairfill.example.com',
    pointOfContact: 'Alex Kim',
    operatoryCount: 4,
  });
  // Jersey City is the main location (from the signup address): seedShifts' default.
  const locationIds: Record<LocationKey, string | undefined> = {
    jerseyCity: undefined,
    newark: newark.id,
    morristown: morristown.id,
  };
  const people = await verifiedProfessionals(ctx, adminUserId);

  // Every (date, slot) pair from the first of this month to the last postable date, Sundays
  // closed, thinned evenly to exactly 500 shifts.
  const today = practiceDateOf(now);
  const last = lastPostableDate(now);
  const pairs: Array<{ date: string; slot: number }> = [];
  for (let date = `${today.slice(0, 7)}-01`; date <= last; date = addDays(date, 1)) {
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) continue;
    for (let slot = 0; slot < slots.length; slot += 1) pairs.push({ date, slot });
  }
  if (pairs.length < BUSY_PRACTICE_SHIFTS) {
    throw new Error(`only ${pairs.length} shift slots until ${last}`);
  }
  const chosen = pairs.filter(
    (_, i) =>
      Math.floor(((i + 1) * BUSY_PRACTICE_SHIFTS) / pairs.length) !==
      Math.floor((i * BUSY_PRACTICE_SHIFTS) / pairs.length),
  );

  // Posted as multi-date requests, one per slot: shifts that have started by now were posted a
  // week before the month began, the others an hour ago.
  const monthStart = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  const postedEarly = new Date(monthStart.getTime() - 7 * 24 * 60 * 60 * 1000);
  const postedLately = new Date(now.getTime() - 60 * 60 * 1000);
  const created: Array<{ id: string; startsAt: Date; slot: Slot }> = [];
  for (const [slotIndex, slot] of slots.entries()) {
    const dates = chosen.filter((p) => p.slot === slotIndex).map((p) => p.date);
    const started = (date: string) => (practiceInstant(date, slot.startTime) ?? now) <= now;
    for (const [postedAt, group] of [
      [postedEarly, dates.filter(started)],
      [postedLately, dates.filter((date) => !started(date))],
    ] as const) {
      for (let i = 0; i < group.length; i += MAX_DATES_PER_REQUEST) {
        const shifts = await seedShifts(
          ctx,
          practice.practiceId,
          {
            position: slot.position,
            dates: group.slice(i, i + MAX_DATES_PER_REQUEST),
            startTime: slot.startTime,
            endTime: slot.endTime,
            rate: slot.rate,
            bookingMode: slot.bookingMode,
            notes: slot.notes,
            breakMinutes: slot.position === 'Front Desk' ? 60 : 30,
            timePerPatient: slot.position === 'Front Desk' ? null : 45,
            ...(locationIds[slot.location] ? { locationId: locationIds[slot.location] } : {}),
          },
          postedAt,
        );
        for (const shift of shifts) {
          created.push({ id: shift.id, startsAt: new Date(shift.startTime), slot });
        }
      }
    }
  }
  created.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

  const hour = 60 * 60 * 1000;
  for (const [index, shift] of created.entries()) {
    const past = shift.startsAt <= now;
    const fate = fateOf(index, past);
    const team = people[shift.slot.position];
    const worker = team[(shift.slot.professional + index) % team.length]!;
    // Decisions happen while the shift is still ahead: a day after posting, or just before it.
    const decidedAt = new Date(
      Math.min(
        (past ? postedEarly : postedLately).getTime() + (past ? 24 * hour : 10 * 60 * 1000),
        shift.startsAt.getTime() - hour,
      ),
    );
    if (fate === 'worked' || fate === 'booked') {
      // The first of the team from `worker` on who is free at the time (a professional never
      // holds two bookings at once).
      await withFreeProfessional(team, team.indexOf(worker), async (free) => {
        if (shift.slot.bookingMode === 'instant') {
          await bookShift(ctx, free, shift.id, decidedAt);
        } else {
          const application = await applyForShift(
            ctx,
            free,
            shift.id,
            { note: 'Available all day.' },
            decidedAt,
          );
          await acceptApplication(ctx, practice.practiceId, application.id, decidedAt);
        }
      });
    } else if (fate === 'cancelled') {
      await cancelShift(
        ctx,
        practice.practiceId,
        shift.id,
        index % 2 === 0 ? 'Office closed for a staff training day.' : '',
        decidedAt,
      );
    } else if (fate === 'open' && shift.slot.bookingMode === 'review') {
      // Up to three applications waiting for the practice's decision.
      // Up to three applications waiting; one booked at that time cannot apply, and is left out.
      for (let k = 0; k < 1 + (index % 3); k += 1) {
        await applyForShift(
          ctx,
          team[(index + k) % team.length]!,
          shift.id,
          {
            note: k === 0 ? 'I know Dentrix well.' : '',
          },
          decidedAt,
        ).catch(unlessBookedAtThatTime);
      }
    }
  }
  await recordShiftsWorkedAsScheduled(ctx.db, now);
  // Every other worked shift rated by the practice.
  for (const [index, shift] of created.entries()) {
    if (shift.startsAt > now || fateOf(index, true) !== 'worked' || index % 2 !== 0) continue;
    if (shift.startsAt.getTime() + 12 * hour > now.getTime()) continue; // may not have ended
    await rateAsPractice(ctx, practice.practiceId, shift.id, {
      stars: 4 + (index % 4 === 0 ? 1 : 0),
      comment: 'Reliable and great with patients.',
    });
  }

  const byStatus: Record<string, number> = {};
  for (const [index, shift] of created.entries()) {
    const fate = fateOf(index, shift.startsAt <= now);
    byStatus[fate] = (byStatus[fate] ?? 0) + 1;
  }
  return { email: BUSY_PRACTICE_EMAIL, shifts: created.length, byStatus };
}

function isBookedAtThatTime(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'booking_overlap';
}

function unlessBookedAtThatTime(error: unknown): void {
  if (!isBookedAtThatTime(error)) throw error;
}

/** Runs `take` with the team's professionals from `first` on until one is not booked then. */
async function withFreeProfessional(
  team: ProfessionalAccount[],
  first: number,
  take: (professional: ProfessionalAccount) => Promise<void>,
): Promise<void> {
  for (let k = 0; k < team.length; k += 1) {
    try {
      await take(team[(first + k) % team.length]!);
      return;
    } catch (error) {
      if (!isBookedAtThatTime(error)) throw error;
    }
  }
  throw new Error('every professional of the team is booked at that time');
}
