import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type * as OtelApi from '@opentelemetry/api';
import type * as FastifyOtel from '@fastify/otel';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as TraceNode from '@opentelemetry/sdk-trace-node';
import type { Config } from '../config.js';
import { loadOptional } from '../lib/optional-module.js';

export interface Tracing {
  /** OpenTelemetry's own warnings (an unreachable collector) go to the app's log from then on. */
  logTo(log: FastifyBaseLogger): void;
  /** Sends the spans still buffered and stops tracing. */
  shutdown(): Promise<void>;
}

/** Scrapes and probes arrive every few seconds; their spans would bury the requests people make. */
function isProbe({ url }: { url: string }): boolean {
  const path = url.split('?')[0]!;
  return path === '/metrics' || path.startsWith('/api/health');
}

/**
 * OpenTelemetry tracing to an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT). Call it before the app is
 * built: the official Fastify instrumentation (@fastify/otel) joins every Fastify instance as it is
 * created (Fastify's `fastify.initialization` diagnostics channel), so it needs no require hook or
 * `--import` preload, and works as well from the bundle, whose packages stay external. Without the
 * setting none of these packages is loaded.
 */
export function startTracing({ endpoint, serviceName }: NonNullable<Config['tracing']>): Tracing {
  const api = loadOptional('@opentelemetry/api') as typeof OtelApi;
  const { NodeTracerProvider, BatchSpanProcessor } = loadOptional('@opentelemetry/sdk-trace-node') as typeof TraceNode;
  const { OTLPTraceExporter } = loadOptional('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp;
  const { resourceFromAttributes } = loadOptional('@opentelemetry/resources') as typeof Resources;
  const { FastifyOtelInstrumentation } = loadOptional('@fastify/otel') as typeof FastifyOtel;

  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The global tracer, AsyncLocalStorage context and W3C trace-context propagation (traceparent).
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    ignorePaths: isProbe,
    requestHook(span: OtelApi.Span, request: FastifyRequest) {
      // Named as the semantic conventions name server spans; the path without its query, which can
      // carry a token (the email verification link's).
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      span.setAttribute('url.path', request.url.split('?')[0]!);
    },
  });
  instrumentation.setTracerProvider(provider);

  return {
    logTo(log) {
      const to =
        (level: 'warn' | 'error') =>
        (message: string, ...args: unknown[]) =>
          log[level]({ details: args }, `opentelemetry: ${message}`);
      const quiet = () => undefined;
      api.diag.setLogger(
        { error: to('error'), warn: to('warn'), info: quiet, debug: quiet, verbose: quiet },
        api.DiagLogLevel.WARN,
      );
    },
    async shutdown() {
      instrumentation.disable();
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
      api.diag.disable();
    },
  };
}
