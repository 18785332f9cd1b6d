import { AuthCard } from '@web/components/ui/auth-card';
import { AdminLoginForm } from '@web/features/accounts/components/admin-login-form';

export default function AdminLoginPage() {
  return (
    <AuthCard title="Admin Login" subtitle="Sign in to the ChairFill screening console.">
      <AdminLoginForm />
    </AuthCard>
  );
}
