import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { PageLoading } from './components/page-loading';

// Every page is its own chunk, so a visitor downloads only the page they open.
const HomePage = lazy(() => import('./pages/public/home-page'));
const AboutPage = lazy(() => import('./pages/public/about-page'));
const OfficeBenefitsPage = lazy(() => import('./pages/public/office-benefits-page'));
const ProfessionalBenefitsPage = lazy(() => import('./pages/public/professional-benefits-page'));
const PrivacyPage = lazy(() => import('./pages/public/privacy-page'));
const TermsPage = lazy(() => import('./pages/public/terms-page'));
const NotFoundPage = lazy(() => import('./pages/public/not-found-page'));

const AppProviders = lazy(() => import('./app-providers'));
const PracticeSignupPage = lazy(() => import('./pages/auth/practice-signup-page'));
const RoleChooserPage = lazy(() => import('./pages/auth/role-chooser-page'));
const ProfessionalSignupPage = lazy(() => import('./pages/auth/professional-signup-page'));
const PracticeLoginPage = lazy(() => import('./pages/auth/practice-login-page'));
const ProfessionalLoginPage = lazy(() => import('./pages/auth/professional-login-page'));
const PasswordResetPage = lazy(() => import('./pages/auth/password-reset-page'));
const ConfirmEmailPage = lazy(() => import('./pages/auth/confirm-email-page'));
const LoginLinksPage = lazy(() => import('./pages/auth/login-links-page'));
const PracticePortal = lazy(() => import('./portals/practice-portal'));
const ProfessionalPortal = lazy(() => import('./portals/professional-portal'));
const AdminLoginPage = lazy(() => import('./pages/auth/admin-login-page'));
const AdminPortal = lazy(() => import('./portals/admin-portal'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="consulting-benefits" element={<OfficeBenefitsPage />} />
          <Route path="professional-benefits" element={<ProfessionalBenefitsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route element={<AppProviders />}>
            <Route path="dental-office-signup" element={<PracticeSignupPage />} />
            <Route path="professional-signup" element={<RoleChooserPage />} />
            <Route path="professional-signup/:role" element={<ProfessionalSignupPage />} />
            <Route path="practice-login" element={<PracticeLoginPage />} />
            <Route path="professional-login" element={<ProfessionalLoginPage />} />
            <Route path="reset-password" element={<PasswordResetPage />} />
            <Route path="forgot-password" element={<PasswordResetPage />} />
            <Route path="confirm-email" element={<ConfirmEmailPage />} />
            <Route path="login" element={<LoginLinksPage />} />
            <Route path="admin/login" element={<AdminLoginPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<AppProviders />}>
          <Route path="practice-portal/*" element={<PracticePortal />} />
          <Route path="hygienist-portal/*" element={<ProfessionalPortal role="hygienist" />} />
          <Route path="dental-assistant/*" element={<ProfessionalPortal role="assistant" />} />
          <Route path="front-desk-portal/*" element={<ProfessionalPortal role="front-desk" />} />
          <Route path="admin/*" element={<AdminPortal />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
