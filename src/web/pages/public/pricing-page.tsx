import { ArrowLink } from '@web/components/public/arrow-link';
import { MarketingSection } from '@web/components/public/marketing-section';
import { PageHero } from '@web/components/public/page-hero';
import {
  formatFeePercent,
  payThroughHelp,
  payThroughLabels,
  payThroughOptions,
} from '@shared/money/pay-terms-constants';
import { payTermsTexts } from '@shared/money/pay-terms-constants';
import { publicPayTerms } from '@web/lib/site-config';

const fee = formatFeePercent(publicPayTerms.feeBasisPoints);

const steps = [
  {
    title: 'Post a shift for free',
    text: 'There is no subscription and no charge to post. You pay only for hours that were worked.',
  },
  {
    title: 'Hours are approved, then charged',
    text: 'The professional checks in with your code and sends their hours. You approve or dispute them within 48 hours; approved hours are debited from the bank account you linked.',
  },
  {
    title: 'Weekly invoices and receipts',
    text: 'Each charge has a receipt, and every Monday brings an invoice for the week before, under Billing.',
  },
];

/** /pricing: ChairFill's fee, the two ways to pay a professional, and the cancellation policy. */
export default function PricingPage() {
  return (
    <>
      <PageHero
        headingId="pricing-heading"
        eyebrow="Pricing"
        title={`${fee} of the shift, nothing else`}
        action={<ArrowLink to="/dental-office-signup">Create a practice account</ArrowLink>}
      >
        {payTermsTexts.feeNote(publicPayTerms.feeBasisPoints)} No subscription, no posting fees and
        no fee to hire a professional permanently.
      </PageHero>

      <MarketingSection
        headingId="pay-through-heading"
        title={payTermsTexts.payThroughLegend}
        className="bg-white py-16"
      >
        <p className="mx-auto mt-4 max-w-3xl text-center text-lg text-slate-700">
          You choose for each shift. New Jersey presumes that workers are employees, so a practice
          that employs the professional itself can keep them on its own payroll.
        </p>
        <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
          {payThroughOptions.map((option) => (
            <div key={option} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-ink">{payThroughLabels[option]}</h3>
              <p className="mt-2 text-slate-700">{payThroughHelp[option]}</p>
              <p className="mt-3 font-semibold text-ink">
                {option === 'chairfill'
                  ? `You pay the shift amount plus ${fee}.`
                  : `You pay ${fee} of the shift amount to ChairFill.`}
              </p>
            </div>
          ))}
        </div>
      </MarketingSection>

      <MarketingSection
        headingId="how-heading"
        title="How billing works"
        className="bg-slate-50 py-16"
      >
        <ol className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-lg bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </MarketingSection>

      <MarketingSection
        headingId="cancellation-heading"
        title="Cancellation policy"
        className="bg-white py-16"
      >
        <div className="mx-auto mt-6 max-w-3xl space-y-4 text-lg text-slate-700">
          <p>{payTermsTexts.practicePolicy(publicPayTerms)}</p>
          <p>
            For professionals: {payTermsTexts.professionalPolicy.charAt(0).toLowerCase()}
            {payTermsTexts.professionalPolicy.slice(1)}
          </p>
        </div>
      </MarketingSection>
    </>
  );
}
