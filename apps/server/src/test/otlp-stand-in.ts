import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A span as a collector received it, its attributes and its resource's flattened to plain values. */
export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

export interface OtlpStandIn {
  /** The base address, as OTEL_EXPORTER_OTLP_ENDPOINT takes it (spans go to `${url}/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  /** Resolves with the first received span (past or future) that matches. */
  nextSpan(match: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan>;
  close(): Promise<void>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };
interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const plain = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue)),
    ]),
  );

/**
 * A local stand-in for an OpenTelemetry collector's OTLP/HTTP receiver: takes POST /v1/traces in the
 * JSON encoding (what @opentelemetry/exporter-trace-otlp-http sends) and keeps every span.
 */
export async function otlpStandIn(): Promise<OtlpStandIn> {
  const spans: ReceivedSpan[] = [];
  const waiters: Array<{ match: (span: ReceivedSpan) => boolean; resolve: (span: ReceivedSpan) => void }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.includes('json')) {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(
        (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'),
      ) as OtlpTraces;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const resource = plain(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const s of scope.spans ?? []) {
            const span: ReceivedSpan = {
              name: s.name,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              kind: s.kind,
              attributes: plain(s.attributes),
              resource,
            };
            spans.push(span);
            for (const w of waiters.splice(0)) {
              if (w.match(span)) w.resolve(span);
              else waiters.push(w);
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    nextSpan(match, timeoutMs = 10_000) {
      const found = spans.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching span within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (span) => {
            clearTimeout(timer);
            resolve(span);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
