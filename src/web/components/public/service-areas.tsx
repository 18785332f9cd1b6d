import { MapPin, Sparkles } from 'lucide-react';
import { marketingFigures, newJerseyCounties } from '@web/lib/site-config';

/** The New Jersey counties ChairFill serves, and a note on expansion. */
export function ServiceAreas() {
  return (
    <section aria-labelledby="service-areas-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="service-areas-heading"
            className="text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            Areas We Serve
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Proudly serving dental offices and professionals in all {marketingFigures.counties}{' '}
            counties of New Jersey.
          </p>
        </div>

        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-7">
          {newJerseyCounties.map((county) => (
            <li
              key={county}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-3 text-sm font-medium text-ink shadow-sm sm:text-base"
            >
              <MapPin className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              {county}
            </li>
          ))}
        </ul>

        <p className="mx-auto mt-10 flex max-w-2xl items-start justify-center gap-2 rounded-lg bg-brand-50 px-4 py-3 text-center text-base text-brand-800">
          <Sparkles className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">More states coming soon.</strong> We are expanding
            beyond New Jersey; reach out to be the first to know when ChairFill arrives in your
            area.
          </span>
        </p>
      </div>
    </section>
  );
}
