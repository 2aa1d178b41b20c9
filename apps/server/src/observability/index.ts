/** What operators watch: Prometheus metrics (GET /metrics) and OpenTelemetry traces. */
export { createMetrics, UNMATCHED_ROUTE, type Metrics } from './metrics.js';
export { bearerMatches, registerMetricsEndpoint, registerRequestTiming, type AppMetrics } from './metrics-endpoint.js';
export { startTracing, type Tracing } from './tracing.js';
