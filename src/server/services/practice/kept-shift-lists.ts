import { practiceDateOf } from '@shared/practice/shift-dates';
import type { ShiftPosition } from '@shared/practice/shift-constants';
import type { ShiftPageDto } from '@shared/practice/practice-replies';
import type { ServiceContext } from '../context';
import { keptAnswer } from '../kept-answer-registry';
import { listShiftMonths } from './list-shift-months';
import { practiceMonthBounds, shiftPageJson, type ShiftPageRequest } from './list-shift-page';

/**
 * The Staffing Requests answers kept in the server's memory (kept-answers.ts, decision 011)
 * until something they show changes: the practice's shifts, their applications, bookings and
 * ratings, the reach counts the shift-reach job stores ('practice:<id>'), the name of a
 * professional booked on one ('professional:<id>'), the market a shift's reach is counted on
 * ('reach': the next read shows the count stored and queues it again), or time (an open shift
 * starting loses its reach; a new month begins).
 */
export async function keptShiftPageJson(
  ctx: ServiceContext,
  practiceId: string,
  userId: string,
  page: ShiftPageRequest,
): Promise<string> {
  const parts = [practiceId, page.month, page.position, page.offset];
  return keptAnswer(ctx.db, 'shift-page', parts, async () => {
    const now = ctx.clock.now().getTime();
    const body = await shiftPageJson(ctx, practiceId, page, new Date(now));
    const { shifts } = JSON.parse(body) as ShiftPageDto;
    const booked = shifts.flatMap((shift) =>
      shift.booking ? [`professional:${shift.booking.professionalId}`] : [],
    );
    // Open future shifts, counted or being counted: a count the epoch outdates is queued by the
    // read that follows ('reach'), one the job stores is announced ('practice:<id>', 0029).
    const reached = shifts.filter((shift) => shift.reach !== undefined || shift.reachPending);
    const reachEnds = reached.map((shift) => Date.parse(shift.startTime));
    return {
      body,
      tags: [
        `practice:${practiceId}`,
        `user:${userId}`,
        ...(reached.length > 0 ? ['reach'] : []),
        ...booked,
      ],
      expiresAt: Math.min(...reachEnds.filter((start) => start > now)),
    };
  });
}

/** The months and their counts (listShiftMonths), kept until the practice's shifts change. */
export async function keptShiftMonthsJson(
  ctx: ServiceContext,
  practiceId: string,
  userId: string,
  position: ShiftPosition | undefined,
): Promise<string> {
  return keptAnswer(ctx.db, 'shift-months', [practiceId, position], async () => {
    const now = ctx.clock.now();
    const months = await listShiftMonths(ctx, practiceId, position, now);
    return {
      body: JSON.stringify(months),
      tags: [`practice:${practiceId}`, `user:${userId}`],
      // From the current month on: the list changes when the next month begins.
      expiresAt: practiceMonthBounds(practiceDateOf(now).slice(0, 7)).to.getTime(),
    };
  });
}
