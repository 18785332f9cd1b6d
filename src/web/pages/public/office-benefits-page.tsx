import { Link } from 'react-router';
import {
  ArrowRight,
  CalendarCheck,
  Handshake,
  Headset,
  ShieldCheck,
  Star,
  TrendingUp,
} from 'lucide-react';
import { marketingFigures } from '@web/lib/site-config';

const benefits = [
  {
    title: 'Rigorous Screening',
    icon: ShieldCheck,
    text: 'Every hygienist, assistant and front desk professional is pre-screened, and licenses and credentials are verified before they are ever matched with your office.',
  },
  {
    title: 'Matched to Your Culture',
    icon: Handshake,
    text: 'We match on more than availability: your software, specialty, patient flow and the way your team works together all shape who we send.',
  },
  {
    title: 'Long-Term Staffing Strategy',
    icon: TrendingUp,
    text: 'Cover a vacation, build a reliable bench for busy seasons or find a permanent team member. We plan your staffing with you, not one emergency at a time.',
  },
  {
    title: 'Ongoing Support',
    icon: Headset,
    text: `A dedicated team is available ${marketingFigures.support}, before, during and after every shift, so you are never left chasing a confirmation.`,
  },
  {
    title: 'Rating System',
    icon: Star,
    text: 'Rate every professional after each shift. Great matches are easy to book again, and any concern is followed up by our team.',
  },
  {
    title: 'Simple Shift Management',
    icon: CalendarCheck,
    text: 'Post shifts for one or several dates at once, for any of your locations, with your rate, hours and notes, then follow everything on one schedule.',
  },
];

const stats = [
  { value: marketingFigures.placementSuccess, label: 'Placement success rate' },
  { value: marketingFigures.support, label: 'Support for your office' },
  // Shown as "1000+" (no thousands separator) on the benefit pages.
  { value: marketingFigures.professionals.replace(',', ''), label: 'Qualified professionals' },
];

const steps = [
  {
    title: 'Sign Up',
    text: 'Create your dental office account and add your locations, software and preferred rates.',
  },
  {
    title: 'Get Matched',
    text: 'Post a staffing request with the position, dates and hours. We match it with pre-screened professionals who fit your office.',
  },
  {
    title: 'Start Working',
    text: 'Your professional arrives ready to work. After the shift, leave a rating and book your favorites again.',
  },
];

const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800';

export default function OfficeBenefitsPage() {
  return (
    <>
      <section
        aria-labelledby="office-hero-heading"
        className="bg-linear-to-b from-brand-50 to-white"
      >
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            For Dental Offices
          </p>
          <h1
            id="office-hero-heading"
            className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl"
          >
            Dependable staff for every chair, every day
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-700 sm:text-xl">
            Fill hygienist, dental assistant and front desk shifts with screened local professionals
            who fit your practice, with the white-glove service of an agency that knows New Jersey
            dentistry.
          </p>
          <div className="mt-10">
            <Link to="/dental-office-signup" className={primaryButtonClass}>
              Register Your Practice
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="office-benefits-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="office-benefits-heading"
            className="text-center text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            Why Practices Choose ChairFill
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {benefits.map(({ title, icon: Icon, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
                <p className="mt-2 leading-7 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="office-stats-heading" className="bg-brand-800 py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h2 id="office-stats-heading" className="sr-only">
            ChairFill results for dental offices
          </h2>
          <dl className="grid gap-6 sm:grid-cols-3">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse text-center">
                <dt className="mt-2 text-base font-medium text-brand-50">{stat.label}</dt>
                <dd className="text-5xl font-extrabold text-white">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="office-steps-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="office-steps-heading"
            className="text-center text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            How It Works
          </h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="text-center">
                <span
                  className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-xl font-semibold text-ink">{step.title}</h3>
                <p className="mx-auto mt-2 max-w-xs leading-7 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="office-cta-heading" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2
            id="office-cta-heading"
            className="text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            Ready to fill your schedule?
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Create your office account today and post your first staffing request in minutes.
          </p>
          <div className="mt-8">
            <Link to="/dental-office-signup" className={primaryButtonClass}>
              Get Started
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
