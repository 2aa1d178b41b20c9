export { NotificationEmail, type EmailContent } from './layout.js';
export { renderEmail, plainText, type RenderedEmail } from './render.js';
