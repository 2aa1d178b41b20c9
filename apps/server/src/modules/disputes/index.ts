/** The disputes module's public entry: other modules and the composition root import only this. */
export { createDisputesService, type DisputesService } from './disputes.service.js';
export { disputeRoutes } from './disputes.routes.js';
export { disputeJobHandlers, type DisputeClocks } from './disputes.clocks.js';
export { createDisputeEvidenceService, type DisputeEvidenceService } from './disputes.evidence.js';
export { listCaseSubmissions } from './disputes.evidence.queries.js';
export { returnCasesToQueue, type RequeueReason } from './disputes.requeue.js';
