import { Star } from 'lucide-react';
import { useId } from 'react';
import { starsOutOfFiveText, starsText } from '../booking-text';

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingFieldProps {
  /** The group's name, e.g. 'Your rating'. */
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * 1 to 5 stars as a radio group: each star is a real radio button ('3 stars'), so Tab reaches the
 * group and the arrow keys choose, as in any radio group; the stars up to the chosen one fill.
 */
export function StarRatingField({
  legend,
  value,
  onChange,
  error,
  disabled,
}: StarRatingFieldProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">
        {legend}{' '}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      <div className="mt-1 flex gap-1">
        {STARS.map((stars) => {
          const filled = value !== null && stars <= value;
          return (
            <label
              key={stars}
              className="relative rounded-md p-1 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-invalid={error ? true : undefined}
                // Invisible over the whole star, so a click on the star is a click on the radio.
                className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
              />
              <Star
                aria-hidden="true"
                className={`pointer-events-none h-8 w-8 ${filled ? 'fill-amber-500 text-amber-700' : 'text-slate-500'}`}
              />
              <span className="sr-only">{starsText(stars)}</span>
            </label>
          );
        })}
      </div>
      <p className="mt-1 text-sm text-slate-700" aria-hidden="true">
        {value === null ? 'Choose from 1 to 5 stars' : starsText(value)}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A rating shown read-only: five stars (filled up to `stars`) named '4 out of 5 stars'. */
export function StarsDisplay({ stars, size = 'sm' }: { stars: number; size?: 'sm' | 'md' }) {
  const iconSize = size === 'md' ? 'h-5 w-5' : 'h-4 w-4';
  return (
    <span role="img" aria-label={starsOutOfFiveText(stars)} className="inline-flex gap-0.5">
      {STARS.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${iconSize} ${n <= stars ? 'fill-amber-500 text-amber-700' : 'text-slate-400'}`}
        />
      ))}
    </span>
  );
}
