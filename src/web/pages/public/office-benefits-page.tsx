import { CalendarCheck, Handshake, Headset, ShieldCheck, Star, TrendingUp } from 'lucide-react';
import { ArrowLink } from '@web/components/public/arrow-link';
import { BenefitCardGrid, type BenefitCard } from '@web/components/public/benefit-card-grid';
import { CtaBand } from '@web/components/public/cta-band';
import { MarketingSection } from '@web/components/public/marketing-section';
import { PageHero } from '@web/components/public/page-hero';
import { StatsBand } from '@web/components/public/stats-band';
import { marketingFigures } from '@web/lib/site-config';

const benefits: BenefitCard[] = [
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

export default function OfficeBenefitsPage() {
  return (
    <>
      <PageHero
        headingId="office-hero-heading"
        eyebrow="For Dental Offices"
        title="Dependable staff for every chair, every day"
        action={<ArrowLink to="/dental-office-signup">Register Your Practice</ArrowLink>}
      >
        Fill hygienist, dental assistant and front desk shifts with screened local professionals who
        fit your practice, with the white-glove service of an agency that knows New Jersey
        dentistry.
      </PageHero>

      <MarketingSection
        headingId="office-benefits-heading"
        title="Why Practices Choose ChairFill"
        className="bg-white py-16 sm:py-20"
      >
        <BenefitCardGrid items={benefits} />
      </MarketingSection>

      <StatsBand
        headingId="office-stats-heading"
        title="ChairFill results for dental offices"
        stats={stats}
      />

      <MarketingSection
        headingId="office-steps-heading"
        title="How It Works"
        className="bg-white py-16 sm:py-20"
      >
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
      </MarketingSection>

      <CtaBand
        headingId="office-cta-heading"
        title="Ready to fill your schedule?"
        to="/dental-office-signup"
        label="Get Started"
      >
        Create your office account today and post your first staffing request in minutes.
      </CtaBand>
    </>
  );
}
