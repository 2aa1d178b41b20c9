/** The system module's public entry: health, public configuration, the development mailbox. */
export { createSystemService, type SystemService } from './system.service.js';
export { systemRoutes } from './system.routes.js';
export { healthRoutes } from './health.routes.js';
