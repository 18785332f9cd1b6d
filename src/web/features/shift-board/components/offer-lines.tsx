import { CalendarRange, Star, Zap } from 'lucide-react';
import { formatShiftHours, formatShiftMoment, formatShortShiftDate } from '@shared/date-format';
import type { ShiftBoardItemDto } from '@shared/professional/professional-replies';
import { postingTexts } from '@shared/trust/favourites-constants';

/**
 * How a shift on Find Shifts is offered to this professional (decision record 022): first to
 * them as a favourite, instant booking kept for others (they apply), or one professional for
 * every date of a block (the dates listed).
 */
export function OfferLines({ offer }: { offer: ShiftBoardItemDto['offer'] }) {
  const limit = offer.instantBookLimit;
  if (!offer.favouritesFirstUntil && !limit && !offer.block) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm text-slate-800">
      {offer.favouritesFirstUntil ? (
        <li className="flex items-start gap-2 font-medium text-emerald-800">
          <Star className="mt-0.5 h-4 w-4 shrink-0 fill-current" aria-hidden="true" />
          {postingTexts.forYouFirst(formatShiftMoment(offer.favouritesFirstUntil))}
        </li>
      ) : null}
      {limit ? (
        <li className="flex items-start gap-2">
          <Zap className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {limit.audience === 'favourites'
            ? postingTexts.instantOnlyFor.favourites
            : postingTexts.instantOnlyFor.min_rating(limit.minRatingTenths ?? 0)}
        </li>
      ) : null}
      {offer.block ? (
        <li className="flex items-start gap-2">
          <CalendarRange className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <div>
            <p>{postingTexts.blockApplyHint(offer.block.dates.length)}</p>
            <ul aria-label={postingTexts.blockDates} className="mt-1 list-disc pl-5">
              {offer.block.dates.map((date) => (
                <li key={date.startTime}>
                  {formatShortShiftDate(date.startTime)},{' '}
                  {formatShiftHours(date.startTime, date.endTime)}
                </li>
              ))}
            </ul>
          </div>
        </li>
      ) : null}
    </ul>
  );
}
