import { Link } from 'react-router';
import { positionLabelByRole, roleTitleByRole, professionalRoles } from '@shared/accounts';
import { AuthCard } from '@web/components/ui/auth-card';

const descriptions = {
  hygienist: 'Cleanings, periodontal care, radiographs and patient education.',
  assistant: 'Chairside support, sterilization, impressions and imaging.',
  'front-desk': 'Scheduling, insurance verification, billing and patient check-in.',
} as const;

export default function RoleChooserPage() {
  return (
    <AuthCard
      title="Choose Your Professional Role"
      subtitle="Pick the role you want to work in with ChairFill."
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {professionalRoles.map((role) => (
          <li key={role}>
            <Link
              to={`/professional-signup/${role}`}
              state={{ role, position: positionLabelByRole[role] }}
              className="flex h-full flex-col rounded-lg border border-slate-300 p-5 hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="text-lg font-semibold text-ink">{roleTitleByRole[role]}</span>
              <span className="mt-2 text-sm text-slate-700">{descriptions[role]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/professional-login" className="font-medium text-brand-700 underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
