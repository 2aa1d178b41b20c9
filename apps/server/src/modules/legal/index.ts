/** The legal module's public entry: the Terms, the Privacy Policy, the company details and the Terms' version. */
export { createLegalService, type LegalService } from './legal.service.js';
export { legalRoutes } from './legal.routes.js';
