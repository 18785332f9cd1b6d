import { addDays, practiceDateOf } from '@shared/practice/shift-dates';
import type { ServiceContext } from '../../services/context';
import { bookShift } from '../../services/marketplace/book-shift';
import { decideVerification } from '../../services/screening/decide-verification';
import { seedPractice, seedProfessional } from './seed-accounts';
import { seedShifts } from './seed-shifts';

/** The hygienist who took the nearby practices' shifts (not a demo login). */
export const DEMO_MARKET_HYGIENIST_EMAIL = 'market-hygienist@demo.chairfill.example.com';

/** Three practices within 3 miles of the demo practice (Montclair), with the rates they filled. */
const nearbyPractices = [
  {
    practiceName: 'Bloomfield Avenue Dental',
    address: '500 Bloomfield Avenue',
    city: 'Bloomfield',
    zipCode: '07003',
    rates: ['50.00', '55.00'],
  },
  {
    practiceName: 'Nutley Family Dentistry',
    address: '200 Franklin Avenue',
    city: 'Nutley',
    zipCode: '07110',
    rates: ['52.00', '57.00'],
  },
  {
    practiceName: 'West Orange Smiles',
    address: '100 Main Street',
    city: 'West Orange',
    zipCode: '07052',
    rates: ['60.00'],
  },
] as const;

/** The first `count` weekdays (Monday to Friday) from `from` on, as yyyy-MM-dd. */
function weekdaysFrom(from: string, count: number): string[] {
  const days: string[] = [];
  for (let date = from; days.length < count; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) days.push(date);
  }
  return days;
}

/**
 * The market around the demo practice, so its new-shift form shows a market rate band for
 * weekday hygienist shifts (it takes 5 filled shifts of 3 other practices): three practices
 * nearby posted weekday hygienist shifts in the coming weeks, and a hygienist living in
 * Bloomfield, verified by the demo admin, booked all five (through the same services as the
 * portals).
 */
export async function seedDemoMarket(ctx: ServiceContext, adminUserId: string): Promise<void> {
  const hygienist = await seedProfessional(ctx, 'hygienist', {
    firstName: 'Casey',
    lastName: 'Brooks',
    email: DEMO_MARKET_HYGIENIST_EMAIL,
    zipCode: '07003',
    city: 'Bloomfield',
  });
  await decideVerification(ctx, adminUserId, hygienist.professionalId, {
    decision: 'verified',
    reason: '',
  });
  const account = {
    id: hygienist.userId,
    email: DEMO_MARKET_HYGIENIST_EMAIL,
    role: 'hygienist' as const,
  };
  const days = weekdaysFrom(addDays(practiceDateOf(ctx.clock.now()), 12), 5);
  let day = 0;
  for (const nearby of nearbyPractices) {
    const { rates, ...signup } = nearby;
    const practice = await seedPractice(ctx, { ...signup, state: 'NJ' });
    for (const rate of rates) {
      const [shift] = await seedShifts(ctx, practice.practiceId, {
        position: 'Hygienist',
        dates: [days[day++]!],
        rate,
        bookingMode: 'instant',
      });
      await bookShift(ctx, account, shift!.id);
    }
  }
}
