import {
  Building2,
  CalendarCheck,
  GraduationCap,
  Headset,
  Quote,
  Star,
  Wallet,
} from 'lucide-react';
import { ArrowLink } from '@web/components/public/arrow-link';
import { BenefitCardGrid, type BenefitCard } from '@web/components/public/benefit-card-grid';
import { CtaBand } from '@web/components/public/cta-band';
import { MarketingSection } from '@web/components/public/marketing-section';
import { PageHero } from '@web/components/public/page-hero';
import { StatsBand } from '@web/components/public/stats-band';
import { marketingFigures } from '@web/lib/site-config';

const benefits: BenefitCard[] = [
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

export default function ProfessionalBenefitsPage() {
  return (
    <>
      <PageHero
        headingId="pro-hero-heading"
        eyebrow="For Dental Professionals"
        title="Work on your terms with offices that value you"
        action={<ArrowLink to="/professional-signup">Join as a Professional</ArrowLink>}
      >
        Hygienists, dental assistants and front desk professionals across New Jersey use ChairFill
        to find temporary and permanent work that fits their schedule, their rate and their skills.
      </PageHero>

      <MarketingSection
        headingId="pro-benefits-heading"
        title="Why Professionals Choose ChairFill"
        className="bg-white py-16 sm:py-20"
      >
        <BenefitCardGrid items={benefits} />
      </MarketingSection>

      <StatsBand
        headingId="pro-highlights-heading"
        title="ChairFill highlights for professionals"
        stats={highlights}
      />

      <MarketingSection
        headingId="testimonials-heading"
        title="What Professionals Say"
        className="bg-slate-50 py-16 sm:py-20"
      >
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
      </MarketingSection>

      <CtaBand
        headingId="pro-cta-heading"
        title="Ready for your next opportunity?"
        to="/professional-signup"
        label="Get Started"
      >
        Create your profile in minutes, tell us your availability and rate, and we will start
        matching you with offices near you.
      </CtaBand>
    </>
  );
}
