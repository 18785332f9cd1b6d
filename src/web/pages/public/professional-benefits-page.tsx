import { Link } from 'react-router';
import {
  ArrowRight,
  Building2,
  CalendarCheck,
  GraduationCap,
  Headset,
  Quote,
  Star,
  Wallet,
} from 'lucide-react';
import { marketingFigures } from '@web/lib/site-config';

const benefits = [
  {
    title: 'Flexible Scheduling',
    icon: CalendarCheck,
    text: 'Set your weekly availability and preferred locations, and work the days that fit your life: a single shift, a few days a month or a regular schedule.',
  },
  {
    title: 'Competitive Pay',
    icon: Wallet,
    text: 'Set your minimum hourly rate. Every shift shows its rate, hours and break time up front, so there are no surprises.',
  },
  {
    title: 'Offices That Fit You',
    icon: Building2,
    text: 'We match you with practices whose culture, specialty and software suit your experience, and we tell you what to expect before you arrive.',
  },
  {
    title: 'Career Growth',
    icon: GraduationCap,
    text: 'Whether you want occasional temp work alongside a full-time job, part-time hours or your next permanent position, we help you get there.',
  },
  {
    title: 'Dedicated Support',
    icon: Headset,
    text: `Questions about a shift or an office? Our team is available ${marketingFigures.support} and treats you as a partner, not a number.`,
  },
  {
    title: 'Build Your Reputation',
    icon: Star,
    text: 'Offices rate each shift, and strong ratings help you stand out to new practices and earn repeat bookings with the offices you enjoy.',
  },
];

const highlights = [
  // Open shifts and positions across the ChairFill network.
  { value: '1000+', label: 'Opportunities' },
  { value: marketingFigures.placementSuccess, label: 'Placement success rate' },
  { value: marketingFigures.averagePlacement, label: 'Average placement time' },
];

const testimonials = [
  {
    quote:
      'I work three days a week at my regular office and pick up ChairFill shifts on my days off. The rates are clear up front, and I have never shown up to a practice that was not expecting me.',
    name: 'Danielle M.',
    role: 'Registered Dental Hygienist',
    town: 'Morristown, NJ',
  },
  {
    quote:
      'Once my kids started school I needed flexibility. I set my availability for school hours, and ChairFill matched me with two offices near home that I now cover every week.',
    name: 'Priya S.',
    role: 'Certified Dental Assistant',
    town: 'Edison, NJ',
  },
  {
    quote:
      'Before each placement the team told me which practice software the office used, so I could hit the ground running at the front desk. It feels like working with a local agency that knows me.',
    name: 'Marcus J.',
    role: 'Front Desk Coordinator',
    town: 'Cherry Hill, NJ',
  },
];

const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800';

export default function ProfessionalBenefitsPage() {
  return (
    <>
      <section aria-labelledby="pro-hero-heading" className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            For Dental Professionals
          </p>
          <h1
            id="pro-hero-heading"
            className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl"
          >
            Work on your terms with offices that value you
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-700 sm:text-xl">
            Hygienists, dental assistants and front desk professionals across New Jersey use
            ChairFill to find temporary and permanent work that fits their schedule, their rate and
            their skills.
          </p>
          <div className="mt-10">
            <Link to="/professional-signup" className={primaryButtonClass}>
              Join as a Professional
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="pro-benefits-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="pro-benefits-heading"
            className="text-center text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            Why Professionals Choose ChairFill
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

      <section aria-labelledby="pro-highlights-heading" className="bg-brand-800 py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h2 id="pro-highlights-heading" className="sr-only">
            ChairFill highlights for professionals
          </h2>
          <dl className="grid gap-6 sm:grid-cols-3">
            {highlights.map((item) => (
              <div key={item.label} className="flex flex-col-reverse text-center">
                <dt className="mt-2 text-base font-medium text-brand-50">{item.label}</dt>
                <dd className="text-5xl font-extrabold text-white">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="testimonials-heading"
            className="text-center text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            What Professionals Say
          </h2>
          <div className="mt-12 grid gap-6 lg:grid-cols-3">
            {testimonials.map((testimonial) => (
              <figure
                key={testimonial.name}
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <Quote className="h-8 w-8 text-brand-700" aria-hidden="true" />
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-slate-200 pt-4">
                  <span className="block font-semibold text-ink">{testimonial.name}</span>
                  <span className="block text-sm text-slate-700">
                    {testimonial.role}, {testimonial.town}
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="pro-cta-heading" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2
            id="pro-cta-heading"
            className="text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          >
            Ready for your next opportunity?
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Create your profile in minutes, tell us your availability and rate, and we will start
            matching you with offices near you.
          </p>
          <div className="mt-8">
            <Link to="/professional-signup" className={primaryButtonClass}>
              Get Started
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
