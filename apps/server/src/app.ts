import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { registerBodyDepthLimit } from './lib/body-depth.js';
import { registerRateLimit } from './lib/rate-limit.js';
import { registerOriginCheck } from './lib/origin-check.js';
import { registerSecurityHeaders, themeScriptHash } from './lib/security-headers.js';
import { registerAuth } from './modules/auth/index.js';
import { createJobHandlers, createProviders, createServices, type Providers, type Services } from './services.js';
import { registerRoutes, registerSockets } from './routes.js';
import { MAX_CLIENT_MESSAGE_BYTES, closeSocketsGoingAway, type PubSub } from './realtime/index.js';
import { createShutdownState, registerConnectionDraining, type ShutdownState } from './lib/shutdown.js';
import { registerIdempotency } from './lib/idempotency.js';
import { registerWebApp } from './web-app.js';
import { adjustableClock, systemClock, type Clock } from './lib/clock.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import {
  createMetrics,
  registerMetricsEndpoint,
  registerRequestTiming,
  type AppMetrics,
} from './observability/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
    /** The realtime bus shared by every instance (sockets subscribe, services publish). */
    pubsub: PubSub;
    /** The product's time: services and jobs read it (tests and TEST_CLOCK move it forward). */
    clock: Clock;
    /** The job worker; main.ts starts its polling, tests call `runDue()`. */
    scheduler: Scheduler;
    /** main.ts begins it on SIGTERM: readiness fails at once and connections are no longer kept alive. */
    shutdown: ShutdownState;
    /** Prometheus metrics, null when off (neither METRICS_TOKEN nor METRICS_PORT); main.ts starts their port. */
    metrics: AppMetrics | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replace provider implementations (payments, email) — used to point adapters at local stand-ins. */
  providers?: Partial<Providers>;
  /** The clock services and jobs read; defaults to real time (adjustable when TEST_CLOCK is set). */
  clock?: Clock;
  /** Where log lines go (pino's JSON, one a line); standard output by default. */
  logStream?: { write(line: string): void };
}

/** Composes the whole server. No side effects until called; nothing listens until the caller says so. */
/** The WebSocket origin of the address people use: http://host → ws://host, https://host → wss://host. */
export const socketOrigin = (publicUrl: string) => new URL(publicUrl).origin.replace(/^http/, 'ws');

export async function buildApp({
  config,
  database,
  providers,
  clock: givenClock,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: config.bodyLimit,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64
        ? req.headers['x-request-id']
        : randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    ajv: undefined,
    // On close: idle keep-alive connections are closed at once, busy ones after their request (with
    // registerConnectionDraining), and a request arriving on one meanwhile answers 503 (Fastify's defaults).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses through compiled fast-json-stringify serializers (lib/response-serializer.ts), not Zod.
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  const allProviders = { ...createProviders(config, database, app.log), ...providers };
  app.decorate('pubsub', allProviders.pubsub);
  app.addHook('onClose', async () => allProviders.pubsub.close());
  const clock = givenClock ?? (config.testClock ? adjustableClock() : systemClock);
  const scheduler = createScheduler({
    db: database.db,
    clock,
    log: app.log,
    pollMs: config.jobs.pollMs,
    concurrency: config.jobs.concurrency,
  });
  app.decorate('clock', clock);
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  const shutdown = createShutdownState();
  app.decorate('shutdown', shutdown);
  registerConnectionDraining(app, shutdown);
  const services = createServices({
    config,
    database,
    providers: allProviders,
    log: app.log,
    clock,
    scheduler,
    shutdown,
  });
  app.decorate('services', services);
  scheduler.registerAll(
    createJobHandlers({ config, database, providers: allProviders, clock, services, log: app.log }),
  );
  const metrics = config.metrics ? createMetrics({ database, clock, log: app.log }) : null;
  if (metrics) registerRequestTiming(app, metrics);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A signed-in person's answers (balances, transactions) never sit in a shared or browser cache.
    if ((request.user || reply.getHeader('set-cookie')) && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // External plugins first, then ours, then routes (fastify/demo order).
  // Helmet's headers, built once (lib/security-headers.ts).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: index.html's theme setter, allowed by its hash and nothing else inline.
        scriptSrc: ["'self'", 'https://js.stripe.com', themeScriptHash],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        // The product's own sockets only ('self' covers them in CSP 3 browsers; named for older ones), never any host.
        connectSrc: ["'self'", socketOrigin(config.publicUrl), 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Brotli or gzip for text answers over 1 KB (JSON, HTML, JS, CSS, SVG; images are never recompressed).
  // Brotli at quality 4 compresses like gzip -9 for a fraction of the CPU; built assets are sent from
  // their .br/.gz files made at build time (web-app.ts), which this then leaves alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    preClose: closeSocketsGoingAway(app),
  });
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Holdfast API',
        description:
          'Escrow marketplace API. Operations marked `x-idempotent` honour an `Idempotency-Key` header: the ' +
          'first answer commits with its effect and is replayed for a repeat within 24 hours.',
        version: '1.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'holdfast.session_token' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with a Zod `meta({ id })` (ErrorResponse, ErrorCode) become components referenced by $ref.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerErrorHandler(app);
  registerOriginCheck(app);
  registerBodyDepthLimit(app);
  registerAuth(app);
  registerIdempotency(app);

  // Before the sockets, which report their connections to it.
  app.decorate('metrics', registerMetricsEndpoint(app, config.metrics, metrics));
  await registerRoutes(app);
  registerSockets(app);
  await registerWebApp(app);
  return app;
}
