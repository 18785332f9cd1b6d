import { AuthCard } from '@web/components/ui/auth-card';
import { LoginForm } from '@web/features/accounts/components/login-form';

export default function PracticeLoginPage() {
  return (
    <AuthCard
      title="Dental Office Portal"
      subtitle="Sign in to manage your shifts, schedule and office."
    >
      <LoginForm audience="practice" signupPath="/dental-office-signup" />
    </AuthCard>
  );
}
