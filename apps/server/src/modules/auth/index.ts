/** The accounts module's public entry. */
export { createAuth, type Auth, type PasswordHashing } from './auth.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { createTwoFactorService, type TwoFactorService } from './two-factor.service.js';
export { twoFactorRoutes } from './two-factor.routes.js';
export { createLoginLimiter } from './login-limiter.js';
export { authHeaders, registerAuth } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
export { createAccountSessionsService, type AccountSessionsService } from './account-sessions.js';
export { createPasswordResetService, type PasswordResetService } from './password-reset.js';
export { securityRoutes } from './security.routes.js';
export { isPasswordTooWeak } from '../../lib/password-strength.js';
export { promoteApprovedApplicant } from './moderator-promotion.js';
export { deviceLabel } from './device-label.js';
export { assertPhoneFree, markingPhoneVerified } from './phone-number.js';
export { keyedHash } from './two-factor-codes.js';
export { smsCodeText } from './two-factor-sms.js';
export { originOfRequest, recordSecurityEvent } from './security-events.js';
