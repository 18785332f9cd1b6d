import { Link } from 'react-router';
import { AuthCard } from '@web/components/ui/auth-card';
import { buttonClass } from '@web/components/ui/button';

export default function LoginLinksPage() {
  return (
    <AuthCard title="Login" subtitle="Choose where you want to sign in.">
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to="/practice-login" className={buttonClass('primary')}>
          Dental Office Login
        </Link>
        <Link to="/professional-login" className={buttonClass('secondary')}>
          Professional Login
        </Link>
      </div>
      <p className="mt-6 text-center">
        <Link to="/reset-password" className="font-medium text-brand-700 underline">
          Forgot Password?
        </Link>
      </p>
    </AuthCard>
  );
}
