import { Star } from 'lucide-react';
import { toast } from 'sonner';
import { formatShortShiftDate } from '@shared/date-format';
import { favouriteTexts } from '@shared/trust/favourites-constants';
import type { MyProfessionalDto } from '@shared/trust/favourites';
import { Button } from '@web/components/ui/button';
import { Detail } from '@web/components/ui/detail';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import { useMyProfessionals, useSetFavourite } from '@web/features/bookings/api/favourites';

/**
 * Professionals (practice portal): everyone booked on the practice's shifts, favourites first,
 * each with a star that marks or unmarks them as a favourite.
 */
export function MyProfessionalsSection() {
  const professionals = useMyProfessionals();
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-slate-700">{favouriteTexts.hint}</p>
      <QueryState
        query={professionals}
        failed={favouriteTexts.loadFailed}
        loadingText="Loading…"
        empty={{ when: (data) => data.professionals.length === 0, message: favouriteTexts.empty }}
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.professionals.map((professional) => (
              <ProfessionalCard key={professional.id} professional={professional} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function ProfessionalCard({ professional }: { professional: MyProfessionalDto }) {
  const setFavourite = useSetFavourite();
  const toggle = async () => {
    const favourite = !professional.favourite;
    try {
      await setFavourite.mutateAsync({ id: professional.id, favourite });
      toast.success(
        favourite
          ? favouriteTexts.added(professional.name)
          : favouriteTexts.removed(professional.name),
      );
    } catch (error) {
      toast.error(errorText(error, favouriteTexts.failed));
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-ink">{professional.name}</h2>
          <p className="text-sm text-slate-700">{professional.position}</p>
        </div>
        <Button
          variant={professional.favourite ? 'primary' : 'secondary'}
          className="px-3 py-1.5 text-sm"
          aria-pressed={professional.favourite}
          aria-label={
            professional.favourite
              ? favouriteTexts.unmarkFavourite(professional.name)
              : favouriteTexts.markFavourite(professional.name)
          }
          disabled={setFavourite.isPending}
          onClick={() => void toggle()}
        >
          <Star
            className={`h-4 w-4 ${professional.favourite ? 'fill-current' : ''}`}
            aria-hidden="true"
          />
          {favouriteTexts.favourite}
        </Button>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <Detail term={favouriteTexts.shiftsWorked} value={String(professional.shiftsWorked)} />
        <Detail
          term={favouriteTexts.lastShift}
          value={professional.lastShiftAt ? formatShortShiftDate(professional.lastShiftAt) : '—'}
        />
        <Detail
          term={favouriteTexts.yourRating}
          value={
            professional.averageRating === null
              ? favouriteTexts.notRated
              : `${professional.averageRating.toFixed(1)} / 5`
          }
        />
      </dl>
    </li>
  );
}
