/** The payments module's public entry. */
export { createPaymentsService, type PaymentsService } from './payments.service.js';
export { paymentsRoutes, paymentWebhookRoutes } from './payments.routes.js';
