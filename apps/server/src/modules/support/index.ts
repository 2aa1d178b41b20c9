/** The support module's public entry: other modules and the composition root import only this. */
export { createSupportService, type SupportService } from './support.service.js';
export { supportRoutes } from './support.routes.js';
export { registerSupportSocket } from './support.socket.js';
