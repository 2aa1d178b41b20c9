/** The live chat module's public entry: other modules and the composition root import only this. */
export { createLiveChatService, type LiveChatService } from './live-chat.service.js';
export { liveChatRoutes } from './live-chat.routes.js';
