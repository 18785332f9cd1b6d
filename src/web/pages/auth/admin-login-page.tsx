import { AuthCard } from '@web/components/ui/auth-card';
import { LoginForm } from '@web/features/accounts/components/login-form';

export default function AdminLoginPage() {
  return (
    <AuthCard title="Admin Login" subtitle="Sign in to the ChairFill screening console.">
      <LoginForm audience="admin" />
    </AuthCard>
  );
}
