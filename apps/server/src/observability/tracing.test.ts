import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { otlpStandIn } from '../test/otlp-stand-in.js';
import { createTestApp } from '../test/test-app.js';
import { startTracing } from './tracing.js';

// OpenTelemetry's registrations are global to the process: this file has a worker of its own (Vitest
// isolates test files), and stops tracing before it ends.
describe('OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends a server span per request, named by its route and joined to the caller’s trace, to the collector', async () => {
    const collector = await otlpStandIn();
    const tracing = startTracing({ endpoint: collector.url, serviceName: 'holdfast-under-test' });
    // Built after tracing started, as main.ts does: the instrumentation joins the Fastify instance it creates.
    const t = await createTestApp();
    try {
      const traceId = randomBytes(16).toString('hex');
      const parentSpanId = randomBytes(8).toString('hex');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/config?from=test',
        headers: { traceparent: `00-${traceId}-${parentSpanId}-01` },
      });
      expect(res.statusCode).toBe(200);
      // Probes and scrapes are left out.
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const arrived = collector.nextSpan((s) => s.kind === 2 && s.attributes['http.route'] === '/api/config');
      // What main.ts does on SIGTERM: the buffered spans are sent before the process ends.
      await tracing.shutdown();
      const span = await arrived;
      expect(span).toMatchObject({
        name: 'GET /api/config',
        traceId,
        parentSpanId,
        kind: 2, // SERVER
        resource: expect.objectContaining({ 'service.name': 'holdfast-under-test' }),
        attributes: expect.objectContaining({
          'http.request.method': 'GET',
          'http.response.status_code': 200,
          'url.path': '/api/config',
        }),
      });
      // The handler has a span of its own inside the request's.
      expect(collector.spans.some((s) => s.traceId === traceId && s.parentSpanId === span.spanId)).toBe(true);
      expect(collector.spans.some((s) => String(s.attributes['url.path']).startsWith('/api/health'))).toBe(false);
    } finally {
      await t.close();
      await collector.close();
    }
  });
});
