import { ChevronDown } from 'lucide-react';
import { marketingFigures } from '@web/lib/site-config';

const faqs = [
  {
    id: 'how-it-works',
    question: 'How does ChairFill staffing work?',
    answer: [
      'Dental offices create an account, add their locations and post the shifts they need covered: the position, date, hours, hourly rate and any notes about the office. Professionals build a profile with their license, experience, software and skills, availability, preferred locations and minimum rate.',
      'We match each shift with pre-screened professionals who fit both the role and the culture of your office, and our team stays involved from the first booking onward. After every shift both sides leave a rating, so the matches get better over time.',
    ],
  },
  {
    id: 'professional-types',
    question: 'What types of dental professionals can I find through ChairFill?',
    answer: [
      'ChairFill staffs three roles: registered dental hygienists, dental assistants (including CDA, RDA and EFDA credentialed assistants) and front desk professionals such as receptionists, schedulers and insurance and billing coordinators.',
      'Every professional is pre-screened and their license or credentials are verified before they can be matched with your office. Profiles show experience, specialties, certifications and the practice software each person knows.',
    ],
  },
  {
    id: 'speed',
    question: 'How quickly can I get a shift filled?',
    answer: [
      `Our average placement time is ${marketingFigures.averagePlacement}, and ${marketingFigures.placementSuccess} of requests are successfully placed. The more notice you give, the more choice you have, but we work on last-minute call-outs too.`,
      `Our support team is available ${marketingFigures.support}, so you can reach a person when a team member calls out early in the morning or over the weekend.`,
    ],
  },
  {
    id: 'areas',
    question: 'Which areas does ChairFill serve?',
    answer: [
      `We currently serve dental offices and professionals in all ${marketingFigures.counties} counties of New Jersey, from Sussex and Bergen in the north to Cape May in the south.`,
      'We are preparing to expand to more states. If your practice is outside New Jersey, contact us and we will let you know when we arrive in your area.',
    ],
  },
];

/**
 * Frequently asked questions as an accordion: one answer open at a time, and clicking the open
 * question closes it. Native exclusive <details name> elements do this without JavaScript.
 */
export function FaqSection() {
  return (
    <section aria-labelledby="faq" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h2 id="faq" className="text-center text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Frequently Asked Questions
        </h2>
        <p className="mt-4 text-center text-lg text-slate-700">
          Quick answers for dental offices and dental professionals.
        </p>
        <div className="mt-10 space-y-3">
          {faqs.map((faq) => (
            <details
              key={faq.id}
              name="faq"
              className="group overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink group-open:bg-brand-50 hover:bg-brand-50 sm:text-lg [&::-webkit-details-marker]:hidden">
                <span>{faq.question}</span>
                <ChevronDown
                  className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <div className="space-y-3 px-5 pt-1 pb-5 text-base leading-7 text-slate-700">
                {faq.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
