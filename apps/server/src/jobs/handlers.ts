import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { Providers, Services } from '../services.js';
import { transactionJobHandlers } from '../modules/transactions/index.js';
import { notificationJobHandlers } from '../modules/notifications/index.js';
import { withdrawalJobHandlers } from '../modules/withdrawals/index.js';
import type { JobHandlers, Scheduler } from './scheduler.js';

/** What a module's job handlers may use. */
export interface JobDeps {
  config: Config;
  db: Db;
  clock: Clock;
  services: Services;
  providers: Providers;
  scheduler: Scheduler;
}

/** Every job kind's handler, from the module that owns it. */
export function registerJobHandlers(scheduler: Scheduler, deps: Omit<JobDeps, 'scheduler'>) {
  const all: JobDeps = { ...deps, scheduler };
  const handlers: JobHandlers[] = [
    transactionJobHandlers(all),
    notificationJobHandlers(all),
    withdrawalJobHandlers(all),
  ];
  for (const h of handlers) scheduler.registerAll(h);
}
