/** The profile module's public entry: other modules and the composition root import only this. */
export { createProfileService, type ProfileService } from './profile.service.js';
export { profileRoutes } from './profile.routes.js';
export { counterpartyName } from './profile.rules.js';
