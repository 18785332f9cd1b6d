import { StarsDisplay } from './star-rating-field';

/** The rating this side gave, read-only: 'Your rating: ★★★★☆ “Great team”'. */
export function RatingGiven({
  rating,
  label = 'Your rating',
}: {
  rating: { stars: number; comment: string };
  label?: string;
}) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span className="font-medium">{label}:</span>
      <StarsDisplay stars={rating.stars} />
      {rating.comment ? (
        <q className="text-slate-700 [overflow-wrap:anywhere]">{rating.comment}</q>
      ) : null}
    </p>
  );
}
