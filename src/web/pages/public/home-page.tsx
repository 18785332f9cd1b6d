import { Link } from 'react-router';
import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { ArrowLink } from '@web/components/public/arrow-link';
import { FaqSection } from '@web/components/public/faq-section';
import { ServiceAreas } from '@web/components/public/service-areas';
import { marketingFigures } from '@web/lib/site-config';

const heroStats = [
  { value: marketingFigures.practices, label: 'Dental practices' },
  { value: marketingFigures.professionals, label: 'Dental professionals' },
  { value: marketingFigures.satisfaction, label: 'Satisfaction rate' },
];

const comparison = [
  {
    challenge: 'Unknown temps sent with little or no vetting',
    advantage: 'Every professional pre-screened, with licenses and credentials verified',
  },
  {
    challenge: 'Whoever is free gets sent, whether or not they fit your office',
    advantage: 'Matches made on skills, software, culture and values',
  },
  {
    challenge: 'One-off fills that leave you scrambling again next week',
    advantage: 'A long-term staffing strategy built around your practice',
  },
  {
    challenge: 'Call centers and voicemail once the shift is booked',
    advantage: `Ongoing support from a dedicated team, available ${marketingFigures.support}`,
  },
  {
    challenge: 'No way to know how a placement went, or to avoid repeats',
    advantage: 'A two-way rating system that keeps quality high after every shift',
  },
];

export default function HomePage() {
  return (
    <>
      <section
        aria-labelledby="home-hero-heading"
        className="bg-linear-to-b from-brand-50 to-white"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              Serving all {marketingFigures.counties} New Jersey counties
            </p>
            <h1
              id="home-hero-heading"
              className="mt-6 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl lg:text-6xl"
            >
              Dependable dental staffing with a{' '}
              <span className="text-brand-700">
                <span className="whitespace-nowrap">white-glove,</span> local touch
              </span>
            </h1>
            <p className="mt-6 text-lg leading-8 text-slate-700 sm:text-xl">
              ChairFill connects New Jersey dental practices with pre-screened hygienists, dental
              assistants and front desk professionals, matched to your office&apos;s culture and
              backed by people who pick up the phone.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row sm:gap-4">
              <ArrowLink to="/professional-benefits">I&apos;m a Dental Professional</ArrowLink>
              <ArrowLink
                to="/consulting-benefits"
                className="inline-flex items-center justify-center gap-2 rounded-lg border-2 border-brand-700 bg-white px-6 py-3 text-base font-semibold text-brand-700 hover:bg-brand-50"
              >
                I&apos;m a Dental Office
              </ArrowLink>
            </div>
          </div>

          <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
            {heroStats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-xl bg-white px-4 py-5 text-center shadow-sm ring-1 ring-slate-200"
              >
                <dt className="text-sm font-medium text-slate-700">{stat.label}</dt>
                <dd className="text-3xl font-bold text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="insight-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Industry insight
            </p>
            <h2
              id="insight-heading"
              className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
            >
              Dental staffing deserves better than a roll of the dice
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-700">
              Practices across New Jersey feel the shortage of hygienists and assistants every week.
              A single call-out can mean a full day of cancelled patients, and traditional temp
              agencies too often fill the gap with whoever happens to be available. ChairFill takes
              the approach of a local agency that knows your office.
            </p>
          </div>

          <div className="mt-12 grid gap-6 lg:grid-cols-2">
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
              <h3 className="text-xl font-semibold text-ink">Traditional staffing challenges</h3>
              <ul className="mt-6 space-y-4">
                {comparison.map((row) => (
                  <li key={row.challenge} className="flex items-start gap-3 text-slate-700">
                    <CircleX className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
                    <span>{row.challenge}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
              <h3 className="text-xl font-semibold text-ink">The ChairFill advantage</h3>
              <ul className="mt-6 space-y-4">
                {comparison.map((row) => (
                  <li key={row.advantage} className="flex items-start gap-3 text-ink">
                    <CircleCheck
                      className="mt-0.5 h-5 w-5 shrink-0 text-brand-700"
                      aria-hidden="true"
                    />
                    <span>{row.advantage}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <ServiceAreas />

      <FaqSection />

      <section aria-labelledby="home-cta-heading" className="bg-brand-800 py-16">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
          <h2 id="home-cta-heading" className="text-3xl font-bold tracking-tight text-white">
            Ready to get started?
          </h2>
          <p className="mt-4 text-lg text-brand-50">
            Create your account in a few minutes. Our team will take it from there.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:gap-4">
            <Link
              to="/dental-office-signup"
              className="inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-white"
            >
              Register Your Practice
            </Link>
            <Link
              to="/professional-signup"
              className="inline-flex items-center justify-center rounded-lg border-2 border-white px-6 py-3 text-base font-semibold text-white hover:bg-brand-700 focus-visible:outline-white"
            >
              Join as a Professional
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
