/** The identity verification module's public entry (issue 30, decision 027). */
export { createIdentityService, type IdentityService } from './identity.service.js';
export { createIdentityReviewersService, type IdentityReviewersService } from './identity.reviewers.js';
export { identityRoutes, identityWebhookRoutes } from './identity.routes.js';
export { identityJobHandlers } from './identity.jobs.js';
