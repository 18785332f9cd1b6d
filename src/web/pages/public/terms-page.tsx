import { Link } from 'react-router';
import {
  LegalEmailLink,
  LegalPageLayout,
  LegalPhoneLink,
  LegalSection,
  legalLinkClass,
} from '@web/components/public/legal-page-layout';
import { contact } from '@web/lib/site-config';

const LAST_UPDATED = 'November 21, 2026';

export default function TermsPage() {
  const privacyLink = (
    <Link to="/privacy" className={legalLinkClass}>
      Privacy Policy
    </Link>
  );

  return (
    <LegalPageLayout
      title="Terms of Service"
      lastUpdated={LAST_UPDATED}
      intro={
        <>
          These Terms of Service (the &ldquo;Terms&rdquo;) govern your use of the ChairFill website,
          practice portal and professional portals (together, the &ldquo;Service&rdquo;). By
          creating an account or using the Service you agree to these Terms and to our {privacyLink}
          . If you are accepting these Terms for a dental practice, you confirm that you are
          authorized to bind that practice.
        </>
      }
    >
      <LegalSection id="about-service" title="1. About the Service">
        <p>
          ChairFill is a marketplace that connects dental practices (&ldquo;Practices&rdquo;) with
          dental hygienists, dental assistants and front desk professionals
          (&ldquo;Professionals&rdquo;) for temporary and permanent work. We screen Professionals,
          match them with shifts and support both sides before, during and after each placement.
        </p>
        <p>
          ChairFill does not provide dental care and does not practice dentistry. Each Practice
          remains responsible for the care of its patients, for clinical decisions and for the
          supervision that New Jersey law requires for the duties a Professional performs.
        </p>
      </LegalSection>

      <LegalSection id="eligibility" title="2. Eligibility">
        <ul>
          <li>You must be at least 18 years old and able to enter into a binding contract.</li>
          <li>
            Practices must be lawfully operating dental practices, and the person who creates the
            account must have authority to act for the practice.
          </li>
          <li>
            Professionals must be legally authorized to work in the United States and must hold
            every license, registration, certificate and permit that New Jersey requires for the
            role and duties they accept.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="accounts" title="3. Accounts">
        <p>
          You agree to give accurate, current and complete information and to keep it up to date.
          You are responsible for keeping your password confidential and for all activity under your
          account. Tell us at once at <LegalEmailLink /> if you believe your account has been used
          without your permission. Each account is for a single Practice or a single Professional;
          accounts may not be shared or transferred.
        </p>
      </LegalSection>

      <LegalSection id="professionals" title="4. Dental Professionals">
        <h3>Screening and verification</h3>
        <p>
          Before you are matched with Practices, we pre-screen your profile and verify your license
          or credentials, and we may check references and public licensing records. New accounts
          stay pending until screening is complete. We may decline, pause or end a profile that does
          not meet our standards.
        </p>
        <h3>Licenses and responsibility for your work</h3>
        <ul>
          <li>
            You are solely responsible for keeping your license, registration and any required
            certifications (for example CPR, local anesthesia, nitrous oxide or radiography permits)
            current and in good standing.
          </li>
          <li>
            You must tell us within 5 business days if any license or certification expires, is
            restricted, suspended or revoked, or becomes subject to disciplinary action.
          </li>
          <li>
            You will perform only the duties your license and New Jersey law permit, and follow the
            reasonable policies of each Practice, including infection control procedures.
          </li>
          <li>
            You will keep patient information confidential and handle it only as the Practice
            directs and as the law, including HIPAA, requires.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="practices" title="5. Dental Practices">
        <ul>
          <li>
            Post accurate shifts: position, location, dates, hours, hourly rate, breaks and any
            requirements a Professional should know about.
          </li>
          <li>
            Provide a safe workplace, the equipment and supplies needed for the shift, and the
            supervision that the law requires for the duties assigned.
          </li>
          <li>
            Assign Professionals only duties within the scope of their license and the shift you
            posted.
          </li>
          <li>
            Comply with all applicable employment, anti-discrimination, health and safety and
            privacy laws, including HIPAA.
          </li>
          <li>
            Treat Professionals with respect and make hiring and booking decisions without regard to
            any characteristic protected by law.
          </li>
          <li>
            If you would like to hire a Professional you met through ChairFill on a permanent basis,
            contact us first so the placement can be arranged under our agreed terms.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="bookings" title="6. Bookings and Cancellations">
        <p>
          A posted shift is a request for a Professional. Once a shift is confirmed, both the
          Practice and the Professional are expected to honor it. Dependability is the heart of
          ChairFill, so please:
        </p>
        <ul>
          <li>cancel or change a shift only when necessary, and as early as possible;</li>
          <li>make cancellations through your portal or by contacting our support team;</li>
          <li>
            arrive on time and prepared, and let the Practice and ChairFill know at once if you are
            delayed;
          </li>
          <li>report any problem during a shift to our support team so we can help.</li>
        </ul>
        <p>
          Late cancellations and no-shows affect patients and colleagues. Repeated late
          cancellations or no-shows by either side may lead to lower ratings, fewer matches, or
          suspension of the account. Any cancellation fee will be disclosed before a shift is
          confirmed.
        </p>
      </LegalSection>

      <LegalSection id="payments" title="7. Payments">
        <p>
          Practices pay for completed shifts at the hourly rate shown on the shift, for the hours
          worked, plus any service fee disclosed before the shift is confirmed. By connecting a bank
          account through our bank-linking provider, a Practice authorizes ChairFill to debit that
          account for these amounts. Practices must keep a valid payment method on file and should
          raise any question about a charge within 30 days.
        </p>
        <p>
          Professionals are paid for the hours they work at the agreed rate, on the schedule
          described in their account. Hours should be accurate; any disagreement about hours is
          reviewed by our team with both parties. Each party is responsible for its own taxes,
          except where the law requires withholding.
        </p>
      </LegalSection>

      <LegalSection id="ratings" title="8. Ratings and Feedback">
        <p>
          After each shift, Practices and Professionals may rate each other. Ratings must be honest,
          based on the shift actually worked, and free of discriminatory, harassing or confidential
          content, including patient information. We use ratings to maintain quality and improve
          matches, and we may remove ratings that break these rules. Ratings may not be offered or
          requested in exchange for payment or other benefits.
        </p>
      </LegalSection>

      <LegalSection id="prohibited-conduct" title="9. Prohibited Conduct">
        <p>You agree not to:</p>
        <ul>
          <li>
            provide false information, impersonate anyone or misstate a license or credential;
          </li>
          <li>perform or ask anyone to perform duties outside the scope of their license;</li>
          <li>harass, threaten or discriminate against any user, patient or staff member;</li>
          <li>use or disclose information obtained through the Service for any other purpose;</li>
          <li>
            copy, scrape or resell the Service or its content, or access it by automated means
            without our permission;
          </li>
          <li>
            interfere with the security or operation of the Service, or try to access accounts or
            data that are not yours;
          </li>
          <li>use the Service for any unlawful purpose.</li>
        </ul>
      </LegalSection>

      <LegalSection id="termination" title="10. Suspension and Termination">
        <p>
          You may close your account at any time by contacting us. We may suspend or close an
          account that breaks these Terms, puts patients or users at risk, or no longer meets our
          screening standards. Obligations for shifts already worked, including payment, survive
          termination.
        </p>
      </LegalSection>

      <LegalSection id="disclaimers" title="11. Disclaimers">
        <p>
          We screen Professionals carefully, but we cannot guarantee the conduct or performance of
          any Practice or Professional, that every shift will be filled, or that any particular
          amount of work will be available. Practices remain responsible for supervising the work
          performed in their offices. Except as stated in these Terms, the Service is provided
          &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without warranties of any kind, to the
          extent the law allows.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="12. Limitation of Liability">
        <p>
          To the fullest extent permitted by law, ChairFill will not be liable for any indirect,
          incidental, special, consequential or punitive damages, or for lost profits, revenue or
          data, arising out of or related to the Service. Our total liability for any claim related
          to the Service is limited to the greater of the amounts you paid to ChairFill in the 12
          months before the claim arose or one hundred dollars ($100). Nothing in these Terms limits
          liability that cannot be limited under applicable law, including liability for gross
          negligence or willful misconduct.
        </p>
      </LegalSection>

      <LegalSection id="indemnification" title="13. Indemnification">
        <p>
          You agree to indemnify ChairFill against claims, losses and expenses, including reasonable
          attorneys&apos; fees, arising from your breach of these Terms, your violation of any law
          or the rights of another person, or, for Practices, the care provided to your patients.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="14. Governing Law">
        <p>
          These Terms are governed by the laws of the State of New Jersey, without regard to its
          conflict of law rules. Any dispute arising out of these Terms or the Service will be
          brought in the state or federal courts located in New Jersey, and you and ChairFill
          consent to their jurisdiction. Before filing a claim, please contact us so we can try to
          resolve the matter informally. Nothing in these Terms waives rights that cannot be waived
          under New Jersey law.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="15. Changes to These Terms">
        <p>
          We may update these Terms from time to time. We will post the new version on this page
          with a new &ldquo;Last updated&rdquo; date and, for material changes, notify you by e-mail
          or in your portal at least 14 days before they take effect. If you keep using the Service
          after the changes take effect, you accept the updated Terms.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="16. Contact Us">
        <p>
          Questions about these Terms? E-mail us at <LegalEmailLink /> or call <LegalPhoneLink />.
          Our postal address is {contact.address}.
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
