import type { TAdminStats } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { adminStats } from './admin.queries.js';

/** The admin area's figures. */
export function createAdminService({ db }: { db: Db }) {
  return {
    stats: (): Promise<TAdminStats> => adminStats(db),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
