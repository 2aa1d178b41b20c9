/** The private messages module's public entry: other modules and the composition root import only this. */
export { createMessagesService, type MessagesService } from './messages.service.js';
export { messageRoutes } from './messages.routes.js';
