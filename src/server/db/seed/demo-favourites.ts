import { addDays, practiceDateOf } from '@shared/practice/shift-dates';
import type { ServiceContext } from '../../services/context';
import { setFavourite } from '../../services/trust/favourites';
import { inviteToShift } from '../../services/trust/invitations';
import { seedShifts } from './seed-shifts';

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
 * Favourites and who gets a shift first, for the demo practice and the demo hygienist it worked
 * with (decision record 022), through the same services as the portals: she is a favourite; a
 * shift is offered to favourites first for 12 hours; another can be booked at once only by
 * favourites; a three-day block asks for one professional; and she is invited to a shift, the
 * invitation waiting on her dashboard. Weekdays of the coming weeks, inside her availability.
 */
export async function seedDemoFavourites(
  ctx: ServiceContext,
  practiceId: string,
  hygienistProfessionalId: string,
): Promise<void> {
  await setFavourite(ctx, practiceId, hygienistProfessionalId, true);
  const [firstOffer, favouritesOnly, ...block] = weekdaysFrom(
    addDays(practiceDateOf(new Date()), 9),
    5,
  );
  await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: [firstOffer!],
    rate: '62.00',
    timePerPatient: 60,
    favouritesFirstHours: 12,
    notes: 'Offered to our regulars first.',
  });
  await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: [favouritesOnly!],
    rate: '59.00',
    timePerPatient: 60,
    bookingMode: 'instant',
    instantBookFor: 'favourites',
  });
  await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: block,
    rate: '57.00',
    timePerPatient: 60,
    wholeBlock: true,
    notes: 'Covering a maternity leave: one hygienist for all three days.',
  });
  const [invited] = await seedShifts(ctx, practiceId, {
    position: 'Hygienist',
    dates: weekdaysFrom(addDays(practiceDateOf(new Date()), 16), 1),
    rate: '60.00',
    timePerPatient: 60,
  });
  await inviteToShift(ctx, practiceId, invited!.id, {
    professionalId: hygienistProfessionalId,
    message: 'Avery, our patients asked for you again. Can you cover this day?',
  });
}
