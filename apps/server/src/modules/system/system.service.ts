import { desc, eq, sql } from 'drizzle-orm';
import type { TDevTextMessage, TMailboxMessage, TPublicConfig } from '@holdfast/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { ShutdownState } from '../../lib/shutdown.js';
import { within } from '../../lib/within.js';
import type { PubSub } from '../../realtime/index.js';
import { emailOutbox, smsOutbox } from '../../db/schema/index.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Each readiness check's limit: the answer comes within a 1 s probe timeout (Kubernetes' default). */
export const READINESS_CHECK_MS = 800;

export interface SystemServiceDeps {
  config: Config;
  database: Database;
  pubsub: PubSub;
  shutdown: ShutdownState;
  log?: FastifyBaseLogger;
}

/** What the web app needs to know about this server, its health, and the development mailbox. */
export function createSystemService({ config, database, pubsub, shutdown, log }: SystemServiceDeps) {
  // Probes ask every few seconds: a change is logged, not every answer.
  let wasReady: boolean | undefined;

  return {
    publicConfig: (): TPublicConfig => ({
      sessionIdleTimeoutMs: config.session.idleTimeoutMs,
      sessionWarningMs: config.session.warningMs,
      paymentsProvider: config.payments.provider,
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
      devMailbox: !config.isProduction,
      demoPayments: config.payments.sandboxInProduction,
      staffTwoFactorRequired: config.requireStaffTwoFactor,
      disputeClocks: {
        responseDays: config.disputeClocks.responseMs / DAY_MS,
        assignHours: config.disputeClocks.assignMs / HOUR_MS,
        decisionDays: config.disputeClocks.decisionMs / DAY_MS,
      },
    }),

    async health() {
      const up = await database.ping();
      return {
        up,
        body: { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', engine: database.engine } as const,
      };
    },

    /**
     * Whether a load balancer should send this instance requests: not once shutdown began (no check
     * then), else when the database answers `select 1` and Redis, when configured, answers PING.
     */
    async readiness() {
      if (shutdown.started) return { ready: false, body: { status: 'shutting_down' } as const };
      const [db, redis] = await Promise.all([
        within(database.ping(), READINESS_CHECK_MS, false),
        config.redisUrl ? pubsub.ping(READINESS_CHECK_MS) : null,
      ]);
      const ready = db && redis !== false;
      const body = {
        status: ready ? 'ready' : 'unavailable',
        database: db ? 'up' : 'down',
        redis: redis === null ? 'not_configured' : redis ? 'up' : 'down',
      } as const;
      if (!ready && wasReady !== false) log?.warn({ readiness: body }, 'not ready: a dependency does not answer');
      if (ready && wasReady === false) log?.info({ readiness: body }, 'ready again');
      wasReady = ready;
      return { ready, body };
    },

    /**
     * The latest mail sent through the outbox to the viewer's own address; an admin sees everyone's.
     * Development only: the route does not exist in production. Even so, a verification link is a key to
     * an address, so nobody reads another person's mail here.
     */
    async mailbox(viewer: Pick<SessionUser, 'email' | 'role'>): Promise<TMailboxMessage[]> {
      const query = database.db.select().from(emailOutbox);
      const own = sql`lower(${emailOutbox.to}) = ${viewer.email.toLowerCase()}`;
      const rows = await (viewer.role === 'admin' ? query : query.where(own))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(100);
      return rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
      }));
    },

    /** Text messages sent through the outbox for one account (admins: everyone's), newest first. */
    async textMessages(viewer: { id: string; role: string }): Promise<TDevTextMessage[]> {
      const query = database.db.select().from(smsOutbox);
      const rows = await (viewer.role === 'admin' ? query : query.where(eq(smsOutbox.userId, viewer.id)))
        .orderBy(desc(smsOutbox.createdAt))
        .limit(50);
      return rows.map((m) => ({ id: m.id, to: m.to, text: m.text, createdAt: m.createdAt.toISOString() }));
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
