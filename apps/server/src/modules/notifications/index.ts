/** The notifications module's public entry: other modules and the composition root import only this. */
export { notify, notifyJob, type NotificationEvent } from './events.js';
export { notificationJobHandlers } from './notifications.jobs.js';
export { createNotificationsService, type NotificationsService } from './notifications.service.js';
export { notificationRoutes } from './notifications.routes.js';
export { tellingTierLimits } from './notifications.tier-limits.js';
