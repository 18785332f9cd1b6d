import { Link } from 'react-router';
import { House, LogIn } from 'lucide-react';

const secondaryLinkClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border-2 border-brand-700 bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50';

export default function NotFoundPage() {
  return (
    <section
      aria-labelledby="not-found-heading"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28"
    >
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1
        id="not-found-heading"
        className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
      >
        Page not found
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        Sorry, we couldn&apos;t find the page you were looking for. It may have moved, or the
        address may be mistyped.
      </p>
      <nav aria-label="Helpful links" className="mt-10 w-full">
        <ul className="flex flex-col justify-center gap-3 sm:flex-row">
          <li>
            <Link
              to="/"
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              <House className="h-5 w-5" aria-hidden="true" />
              Back to Home
            </Link>
          </li>
          <li>
            <Link to="/professional-login" className={`${secondaryLinkClass} w-full`}>
              <LogIn className="h-5 w-5" aria-hidden="true" />
              Sign in as a Professional
            </Link>
          </li>
          <li>
            <Link to="/practice-login" className={`${secondaryLinkClass} w-full`}>
              <LogIn className="h-5 w-5" aria-hidden="true" />
              Sign in as a Dental Office
            </Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}
