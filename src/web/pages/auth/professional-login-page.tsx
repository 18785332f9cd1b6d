import { AuthCard } from '@web/components/ui/auth-card';
import { LoginForm } from '@web/features/accounts/components/login-form';

export default function ProfessionalLoginPage() {
  return (
    <AuthCard
      title="Professional Login"
      subtitle="Sign in to your hygienist, dental assistant or front desk portal."
    >
      <LoginForm audience="professional" signupPath="/professional-signup" />
    </AuthCard>
  );
}
