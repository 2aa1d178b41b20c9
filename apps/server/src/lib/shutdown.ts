import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** Whether this instance is on its way out: main.ts begins it on SIGTERM, before anything closes. */
export interface ShutdownState {
  readonly started: boolean;
  begin(): void;
}

export function createShutdownState(): ShutdownState {
  let started = false;
  return {
    get started() {
      return started;
    },
    begin() {
      started = true;
    },
  };
}

/**
 * Once shutdown begins, every answer closes its connection behind it. Node keeps a keep-alive connection
 * open after a response even while its server closes (until the keep-alive timeout), so without this a
 * client would keep sending to this instance, and the listener's close would wait for those connections.
 */
export function registerConnectionDraining(app: FastifyInstance, shutdown: ShutdownState) {
  app.addHook('onSend', async (request, reply) => {
    if (shutdown.started && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
}

/**
 * A graceful stop, in this order (decision 018): readiness fails at once and the job worker stops
 * claiming; after `drainMs` (the load balancer's time to notice) the listener closes, each socket hears
 * 1001 going away, and in-flight requests and jobs finish; then the database closes.
 */
export async function stopGracefully(app: FastifyInstance, drainMs: number) {
  app.shutdown.begin();
  // A job it holds finishes (or is released) while the instance drains: other instances take new ones.
  const jobs = app.scheduler.stop();
  if (drainMs > 0) await sleep(drainMs);
  await Promise.all([jobs, app.close()]);
  await app.database.close();
}
