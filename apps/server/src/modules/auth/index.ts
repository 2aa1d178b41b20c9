/** The accounts module's public entry. */
export { createAuth, type Auth } from './auth.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { createLoginLimiter } from './login-limiter.js';
export { registerAuth } from './auth.plugin.js';
export { authRoutes } from './auth.routes.js';
export { isPasswordTooWeak } from './password-strength.js';
export { promoteApprovedApplicant } from './moderator-promotion.js';
