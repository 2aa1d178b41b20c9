/** The receipts module's public entry. */
export { createReceiptsService, type ReceiptsService } from './receipts.service.js';
export { receiptRoutes, sendCsv, sendPdf } from './receipts.routes.js';
