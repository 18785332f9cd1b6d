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

export default function PrivacyPage() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      intro={
        <>
          ChairFill operates an online marketplace that connects dental practices in New Jersey with
          dental hygienists, dental assistants and front desk professionals. This policy explains
          what information we collect from practices and professionals, how we use and share it, how
          long we keep it and the choices you have. It applies to our website, the practice portal
          and the professional portals (together, the &ldquo;Service&rdquo;).
        </>
      }
    >
      <LegalSection id="information-we-collect" title="1. Information We Collect">
        <h3>Information from dental practices</h3>
        <ul>
          <li>
            Account and contact details: practice name, the name of the point of contact and
            business owner, e-mail address, phone and mobile numbers, and address.
          </li>
          <li>
            Office information: your locations and their addresses, phone numbers and contacts,
            number of operatories, the practice software you use and the maximum hourly rates you
            set for each position.
          </li>
          <li>
            Staffing requests: the shifts you post, including position, dates, hours, hourly rate,
            break time, time per patient, location and notes, and their status.
          </li>
          <li>
            Payment information: when you connect a bank account, you do so through our third-party
            bank-linking provider. We receive the bank&apos;s name, the account type, the last four
            digits of the account number and a secure token that represents the account. We never
            see or store your online banking username or password, and we do not store your full
            account number.
          </li>
        </ul>

        <h3>Information from dental professionals</h3>
        <ul>
          <li>
            Account and contact details: first and last name, e-mail address, phone number and home
            address.
          </li>
          <li>
            Professional qualifications: position, license or registration number and license type,
            years of experience, specialties, certifications, practice software, scanning and
            imaging systems you know, and other skills.
          </li>
          <li>Your resume and profile photo, if you upload them.</li>
          <li>
            Work preferences: employment status, weekly availability, preferred locations, travel
            distance and minimum hourly rate.
          </li>
          <li>Information gathered during screening and verification, described below.</li>
        </ul>

        <h3>Information we create or receive while you use the Service</h3>
        <ul>
          <li>
            Ratings and feedback that practices and professionals give each other after a shift, and
            records of shifts worked.
          </li>
          <li>Messages you send to our support team.</li>
          <li>
            Technical information recorded in our server logs, such as IP address, browser type, the
            pages requested and the time of each request, which we use to keep the Service secure
            and working.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-use" title="2. How We Use Information">
        <p>We use the information described above to:</p>
        <ul>
          <li>create and manage your account and keep you signed in;</li>
          <li>
            pre-screen professionals and verify licenses and credentials, including through public
            license look-ups with the New Jersey State Board of Dentistry;
          </li>
          <li>
            match shifts with professionals based on position, skills, software, location,
            availability, rate and fit with the culture of the office;
          </li>
          <li>
            send messages about your account and shifts, such as confirmations, changes and password
            reset e-mails;
          </li>
          <li>process payments for completed shifts;</li>
          <li>provide ongoing support and maintain quality through our rating system;</li>
          <li>
            protect the Service, our users and patients against fraud, misuse and security threats;
            and
          </li>
          <li>comply with our legal obligations and enforce our terms.</li>
        </ul>
        <p>
          We do not sell personal information, and we do not use it for third-party advertising.
        </p>
      </LegalSection>

      <LegalSection id="how-we-share" title="3. How We Share Information">
        <h3>With the practices you apply to or are matched with</h3>
        <p>
          When a professional applies to, is matched with or is booked for a shift, we share the
          professional&apos;s profile with that practice so it can make an informed decision and
          prepare for the shift. This includes name, photo, position, license information,
          experience, skills, resume, ratings and the contact details needed to coordinate the
          shift. We do not share a professional&apos;s home address or minimum rate with practices.
        </p>
        <h3>With the professionals who work your shifts</h3>
        <p>
          Professionals who are matched with or booked for a practice&apos;s shift see the practice
          name, the location&apos;s address and contact person, and the details of the shift.
        </p>
        <h3>With service providers</h3>
        <p>
          We use carefully selected providers for hosting, data storage, file storage, e-mail
          delivery and bank linking. They process information only on our instructions and only as
          needed to provide their services to us.
        </p>
        <h3>For legal reasons and business transfers</h3>
        <p>
          We may disclose information when the law requires it, to respond to valid legal process,
          or to protect the rights, safety and property of our users, patients, the public or
          ChairFill. If ChairFill is involved in a merger, acquisition or sale of assets,
          information may be transferred as part of that transaction, and this policy will continue
          to apply to it.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="4. Cookies">
        <p>
          We use a single cookie: a session cookie that keeps you signed in while you use the
          portals. It is strictly necessary for the Service to work, contains no advertising or
          tracking information, and is removed when you sign out or when your session expires. We do
          not use advertising, analytics or third-party tracking cookies.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="5. Data Retention">
        <p>
          We keep your information for as long as your account is active. If you delete your
          account, we delete or anonymize your personal information within 30 days, except for
          records we must keep for longer to meet legal, tax, accounting or insurance obligations,
          to resolve disputes or to enforce our agreements, such as records of shifts worked and
          payments made. Those records are kept only as long as the law requires and are then
          deleted. Copies in our secure backups are overwritten within 90 days.
        </p>
      </LegalSection>

      <LegalSection id="security" title="6. Security">
        <p>
          We protect your information with safeguards appropriate to its sensitivity. All data is
          encrypted in transit, passwords are stored only as salted hashes and never in readable
          form, uploaded resumes and photos are kept in private storage, and access to personal
          information is limited to staff and providers who need it to run the Service.
        </p>
        <p>
          No system is perfectly secure. Please use a strong, unique password and tell us right away
          if you suspect unauthorized access to your account. If a breach affects your personal
          information, we will notify you as required by New Jersey law.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="7. Your Rights and Choices">
        <p>You can:</p>
        <ul>
          <li>view and correct most of your information at any time in your portal;</li>
          <li>request a copy of the personal information we hold about you;</li>
          <li>ask us to correct information you cannot change yourself;</li>
          <li>ask us to delete your account and personal information;</li>
          <li>disconnect or replace your bank account in the Billing section of your portal;</li>
          <li>opt out of any non-essential e-mails we send you.</li>
        </ul>
        <p>
          Depending on where you live, including under the New Jersey Data Privacy Act, you may also
          have the right to data portability and to opt out of certain processing. To make a
          request, e-mail us at <LegalEmailLink />. We will verify your identity before acting and
          respond within 45 days. If we decline your request, you may appeal by replying to our
          decision, and we will explain the outcome of the appeal in writing.
        </p>
      </LegalSection>

      <LegalSection id="children" title="8. Children's Privacy">
        <p>
          The Service is intended for dental practices and working professionals who are at least 18
          years old. We do not knowingly collect personal information from children. Patient
          information is not requested through the Service and should not be entered in it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="9. Changes to This Policy">
        <p>
          We may update this policy as our Service or the law changes. We will post the new version
          on this page with a new &ldquo;Last updated&rdquo; date and, for material changes, tell
          you by e-mail or in your portal before they take effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="10. Contact Us">
        <p>
          Questions about this policy or your information? E-mail us at <LegalEmailLink /> or call{' '}
          <LegalPhoneLink />. Our postal address is {contact.address}. See also our{' '}
          <Link to="/terms" className={legalLinkClass}>
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPageLayout>
  );
}
