import { Suspense } from 'react';
import { lazyChunk } from '@web/lib/lazy-chunk';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { PageLoading } from './components/page-loading';

// Every page is its own chunk, so a visitor downloads only the page they open.
const HomePage = lazyChunk(() => import('./pages/public/home-page'));
const AboutPage = lazyChunk(() => import('./pages/public/about-page'));
const OfficeBenefitsPage = lazyChunk(() => import('./pages/public/office-benefits-page'));
const ProfessionalBenefitsPage = lazyChunk(
  () => import('./pages/public/professional-benefits-page'),
);
const PrivacyPage = lazyChunk(() => import('./pages/public/privacy-page'));
const TermsPage = lazyChunk(() => import('./pages/public/terms-page'));
const PricingPage = lazyChunk(() => import('./pages/public/pricing-page'));
const NotFoundPage = lazyChunk(() => import('./pages/public/not-found-page'));

const AppProviders = lazyChunk(() => import('./app-providers'));
const PracticeSignupPage = lazyChunk(() => import('./pages/auth/practice-signup-page'));
const RoleChooserPage = lazyChunk(() => import('./pages/auth/role-chooser-page'));
const ProfessionalSignupPage = lazyChunk(() => import('./pages/auth/professional-signup-page'));
const PracticeLoginPage = lazyChunk(() => import('./pages/auth/practice-login-page'));
const ProfessionalLoginPage = lazyChunk(() => import('./pages/auth/professional-login-page'));
const PasswordResetPage = lazyChunk(() => import('./pages/auth/password-reset-page'));
const ConfirmEmailPage = lazyChunk(() => import('./pages/auth/confirm-email-page'));
const LoginLinksPage = lazyChunk(() => import('./pages/auth/login-links-page'));
const PracticePortal = lazyChunk(() => import('./portals/practice-portal'));
const ProfessionalPortal = lazyChunk(() => import('./portals/professional-portal'));
const AdminLoginPage = lazyChunk(() => import('./pages/auth/admin-login-page'));
const AdminPortal = lazyChunk(() => import('./portals/admin-portal'));

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
          <Route path="pricing" element={<PricingPage />} />
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
