/** The system module's public entry: health, public configuration, crash reports of the web app, the development mailbox. */
export { createSystemService, type SystemService } from './system.service.js';
export { CLIENT_ERROR_LOG_MESSAGE, systemRoutes } from './system.routes.js';
export { healthRoutes } from './health.routes.js';
