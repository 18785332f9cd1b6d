import { OpenAPIHono } from '@hono/zod-openapi';
import { accountSessionsRoutes } from './accounts/account-sessions-routes';
import { emailChangeRoutes } from './accounts/email-change-routes';
import { loginRoutes } from './accounts/login-routes';
import { passwordChangeRoutes } from './accounts/password-change-routes';
import { passwordResetRoutes } from './accounts/password-reset-routes';
import { sessionRoutes } from './accounts/session-routes';
import { signupRoutes } from './accounts/signup-routes';
import { adminRoutes } from './admin/screening-routes';
import { adminWebVitalsRoutes } from './admin/web-vitals-routes';
import type { AppEnv } from './app-env';
import { authRoutes } from './auth-routes';
import { adminTimesheetRoutes } from './attendance/admin-timesheet-routes';
import { practiceAttendanceRoutes } from './attendance/practice-attendance-routes';
import { professionalAttendanceRoutes } from './attendance/professional-attendance-routes';
import { calendarFeedRoutes } from './calendar/calendar-feed-routes';
import { liveRoutes } from './live/live-routes';
import { fileRoutes } from './files/file-routes';
import { healthRoutes } from './health/health-routes';
import { adminMoneyRoutes } from './money/admin-money-routes';
import { paymentWebhookRoutes } from './money/payment-webhook-routes';
import { practiceMoneyRoutes } from './money/practice-money-routes';
import { professionalMoneyRoutes } from './money/professional-money-routes';
import { practiceMarketplaceRoutes } from './marketplace/practice-marketplace-routes';
import { professionalMarketplaceRoutes } from './marketplace/professional-marketplace-routes';
import {
  practiceConversationRoutes,
  professionalConversationRoutes,
} from './messages/conversation-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { smsInboundRoutes } from './notifications/sms-inbound-routes';
import { textMessageRoutes } from './notifications/text-message-routes';
import { bankTokenRoutes, billingRoutes } from './practice/billing-routes';
import { practiceRoutes } from './practice/practice-routes';
import { alertSettingsRoutes } from './professional/alert-settings-routes';
import { professionalRoutes } from './professional/professional-routes';
import { shiftBoardRoutes } from './professional/shift-board-routes';
import { adminCredentialRoutes } from './trust/admin-credential-routes';
import { adminTrustRoutes } from './trust/admin-trust-routes';
import { practiceFavouriteRoutes } from './trust/favourite-routes';
import { professionalInvitationRoutes } from './trust/invitation-routes';
import { practiceTrustRoutes } from './trust/practice-trust-routes';
import { professionalTrustRoutes } from './trust/professional-trust-routes';
import { professionalCredentialRoutes } from './trust/professional-credential-routes';
import { professionalReliabilityRoutes } from './trust/professional-reliability-routes';
import {
  practiceAboutRoutes,
  professionalScorecardRoutes,
} from './trust/practice-scorecard-routes';
import { vitalsRoutes } from './vitals/vitals-routes';

/**
 * Every JSON endpoint of the API, under /api, in the order they are matched: the contract. Each
 * router declares its routes with their schemas (contract/declare-routes.ts); the OpenAPI
 * document (GET /api/openapi.json) and the web's typed client (`ApiRoutes`) both come from here.
 * Development and benchmark routes are mounted by createApp only, outside the contract.
 */
export const apiRoutes = new OpenAPIHono<AppEnv>()
  .basePath('/api')
  .route('/', healthRoutes)
  .route('/signup', signupRoutes)
  .route('/login', loginRoutes)
  .route('/password-reset', passwordResetRoutes)
  .route('/session', sessionRoutes)
  .route('/account/sessions', accountSessionsRoutes)
  .route('/account/password', passwordChangeRoutes)
  .route('/account/email', emailChangeRoutes)
  .route('/auth', authRoutes)
  .route('/practice/billing', billingRoutes)
  .route('/practice/billing', practiceMoneyRoutes)
  .route('/practice', practiceRoutes)
  .route('/practice', practiceMarketplaceRoutes)
  .route('/practice', practiceAttendanceRoutes)
  .route('/practice', practiceTrustRoutes)
  .route('/practice', practiceFavouriteRoutes)
  .route('/practice', practiceAboutRoutes)
  .route('/practice', practiceConversationRoutes)
  .route('/', bankTokenRoutes)
  .route('/professional', professionalRoutes)
  .route('/professional', professionalMarketplaceRoutes)
  .route('/professional', professionalAttendanceRoutes)
  .route('/professional', professionalMoneyRoutes)
  .route('/professional', professionalTrustRoutes)
  .route('/professional', professionalInvitationRoutes)
  .route('/professional', professionalReliabilityRoutes)
  .route('/professional', professionalCredentialRoutes)
  .route('/professional', professionalScorecardRoutes)
  .route('/professional', professionalConversationRoutes)
  .route('/professional', alertSettingsRoutes)
  .route('/professional/shift-board', shiftBoardRoutes)
  .route('/files', fileRoutes)
  .route('/admin', adminRoutes)
  .route('/admin', adminTimesheetRoutes)
  .route('/admin', adminMoneyRoutes)
  .route('/admin', adminTrustRoutes)
  .route('/admin', adminCredentialRoutes)
  .route('/admin/web-vitals', adminWebVitalsRoutes)
  .route('/vitals', vitalsRoutes)
  .route('/payments', paymentWebhookRoutes)
  .route('/notifications/sms', textMessageRoutes)
  .route('/notifications', notificationRoutes)
  .route('/sms', smsInboundRoutes)
  .route('/calendar-feed', calendarFeedRoutes)
  .route('/live', liveRoutes);

/** The API's type: the web's client (src/web/lib/api.ts) is typed from it. */
export type ApiRoutes = typeof apiRoutes;
