import {
  Award,
  Building2,
  CircleCheck,
  Handshake,
  Lightbulb,
  Mail,
  Phone,
  ShieldCheck,
  Stethoscope,
  Users,
} from 'lucide-react';
import { ArrowLink } from '@web/components/public/arrow-link';
import { BenefitCardGrid, type BenefitCard } from '@web/components/public/benefit-card-grid';
import { phoneHref } from '@web/components/public/contact-links';
import { MarketingSection } from '@web/components/public/marketing-section';
import { PageHero } from '@web/components/public/page-hero';
import { contact, marketingFigures } from '@web/lib/site-config';

const stats = [
  { value: marketingFigures.practices, label: 'Dental practices served' },
  { value: marketingFigures.professionals, label: 'Dental professionals' },
  { value: marketingFigures.satisfaction, label: 'Satisfaction rate' },
  { value: marketingFigures.placementSuccess, label: 'Placement success' },
  { value: marketingFigures.support, label: 'Support available' },
  { value: marketingFigures.averagePlacement, label: 'Average placement time' },
];

const values: BenefitCard[] = [
  {
    title: 'Trust & Integrity',
    icon: ShieldCheck,
    text: 'We verify what we promise. Every professional is pre-screened and their credentials are checked, and we are honest with offices and professionals about rates, expectations and fit.',
  },
  {
    title: 'Excellence',
    icon: Award,
    text: 'Your patients deserve a consistent standard of care. We hold every placement to that standard and use ratings from both sides to keep raising it.',
  },
  {
    title: 'Innovation',
    icon: Lightbulb,
    text: 'Posting shifts, setting availability and managing your schedule should take minutes, not phone calls. We build simple tools so our team can focus on the personal side of staffing.',
  },
  {
    title: 'Community',
    icon: Users,
    text: 'We are part of the New Jersey dental community. Strong local relationships between offices and professionals are what keep chairs filled year after year.',
  },
];

const advantages = [
  {
    title: 'Rigorous screening',
    text: 'Pre-screening and license verification before any professional is matched with your office.',
  },
  {
    title: 'Matched on culture and values',
    text: 'We look beyond the resume to how someone works with patients and teams, so they fit in from day one.',
  },
  {
    title: 'Long-term staffing strategy',
    text: 'From a single sick day to a permanent hire, we plan with you rather than filling one gap at a time.',
  },
  {
    title: 'Ongoing support',
    text: `A real person is available ${marketingFigures.support} before, during and after every placement.`,
  },
  {
    title: 'A rating system that works both ways',
    text: 'Offices and professionals rate each shift, so great matches are repeated and problems are addressed.',
  },
  {
    title: 'Local knowledge',
    text: `We know the offices, commutes and communities of all ${marketingFigures.counties} New Jersey counties.`,
  },
];

const sectionHeadingClass = 'text-3xl font-bold tracking-tight text-ink sm:text-4xl';

const joinLinkClass =
  'mt-6 inline-flex items-center justify-center gap-2 self-start rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800';

export default function AboutPage() {
  return (
    <>
      <PageHero headingId="about-hero-heading" title="About ChairFill">
        Dependable dental staffing with the white-glove service of a local agency. We connect New
        Jersey dental practices with screened hygienists, dental assistants and front desk
        professionals, and we stay with both sides long after the first shift.
      </PageHero>

      <section aria-labelledby="story-heading" className="bg-white py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="story-heading" className={sectionHeadingClass}>
            Our Story
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-8 text-slate-700">
            <p>
              Every dental office knows the feeling: a hygienist calls out at 6:30 in the morning,
              the schedule is full, and the usual options are a stack of agency phone numbers or a
              day of cancelled patients. Dental professionals face the mirror image, with agencies
              that send them anywhere, rates that are hard to predict and no one to call when a
              placement goes wrong.
            </p>
            <p>
              ChairFill was created to close that gap. We combine the personal attention of a
              boutique staffing agency with an online marketplace that makes posting shifts and
              sharing availability quick. Every professional is pre-screened and verified, every
              match considers the culture of the office as well as the skills on paper, and every
              placement is followed by ratings and real support.
            </p>
            <p>
              The result is staffing that practices can depend on and work that professionals are
              proud to take, whether it is a single day, a recurring schedule or a long-term role.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="bg-brand-800 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="stats-heading"
            className="text-center text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            ChairFill by the Numbers
          </h2>
          <dl className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-6">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-xl bg-brand-700 px-3 py-6 text-center"
              >
                <dt className="mt-1 text-sm font-medium text-brand-50">{stat.label}</dt>
                <dd className="text-3xl font-bold text-white sm:text-4xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <MarketingSection
        headingId="values-heading"
        title="Our Values"
        className="bg-white py-16 sm:py-20"
      >
        <BenefitCardGrid
          items={values}
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          hoverShadow={false}
        />
      </MarketingSection>

      <MarketingSection
        headingId="join-heading"
        title="Join ChairFill"
        className="bg-slate-50 py-16 sm:py-20"
      >
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">
          Two ways in, one standard of service.
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
            <Stethoscope className="h-8 w-8 text-brand-700" aria-hidden="true" />
            <h3 className="mt-4 text-2xl font-semibold text-ink">For Dental Professionals</h3>
            <p className="mt-3 flex-1 leading-7 text-slate-700">
              Hygienists, dental assistants and front desk professionals: choose shifts that fit
              your schedule, set your minimum rate and work with offices that value you.
            </p>
            <ArrowLink to="/professional-signup" className={joinLinkClass}>
              Join as a Professional
            </ArrowLink>
          </div>
          <div className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
            <Building2 className="h-8 w-8 text-brand-700" aria-hidden="true" />
            <h3 className="mt-4 text-2xl font-semibold text-ink">For Dental Offices</h3>
            <p className="mt-3 flex-1 leading-7 text-slate-700">
              Post shifts for every location, get matched with pre-screened professionals and build
              a dependable bench for the long term.
            </p>
            <ArrowLink to="/dental-office-signup" className={joinLinkClass}>
              Register Your Practice
            </ArrowLink>
          </div>
        </div>
      </MarketingSection>

      <MarketingSection
        headingId="advantages-heading"
        title="The ChairFill Advantage"
        className="bg-white py-16 sm:py-20"
      >
        <ul className="mt-10 grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {advantages.map((advantage) => (
            <li key={advantage.title} className="flex gap-3">
              <CircleCheck className="mt-1 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <h3 className="text-lg font-semibold text-ink">{advantage.title}</h3>
                <p className="mt-1 leading-7 text-slate-700">{advantage.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <section aria-labelledby="contact-heading" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <Handshake className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
          <h2 id="contact-heading" className={`mt-4 ${sectionHeadingClass}`}>
            Get in Touch
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Questions about staffing your office or joining as a professional? Our team is happy to
            help.
          </p>
          <ul className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row sm:gap-8">
            <li>
              <a
                href={`mailto:${contact.email}`}
                className="inline-flex items-center gap-2 rounded-md text-lg font-semibold break-all text-brand-800 underline-offset-4 hover:underline"
              >
                <Mail className="h-5 w-5 shrink-0" aria-hidden="true" />
                {contact.email}
              </a>
            </li>
            <li>
              <a
                href={phoneHref}
                className="inline-flex items-center gap-2 rounded-md text-lg font-semibold text-brand-800 underline-offset-4 hover:underline"
              >
                <Phone className="h-5 w-5 shrink-0" aria-hidden="true" />
                {contact.phone}
              </a>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
