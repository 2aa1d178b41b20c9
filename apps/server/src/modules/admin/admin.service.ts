import type { TAdminStats, TPageQuery } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { listAuditEvents, type AuditFilter } from './admin.audit.queries.js';
import { adminStats } from './admin.queries.js';

/** The admin area's figures and the audit trail. */
export function createAdminService({ db }: { db: Db }) {
  return {
    stats: (): Promise<TAdminStats> => adminStats(db),
    audit: (query: AuditFilter & TPageQuery) => listAuditEvents(db, query),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
