import type { disputes } from '../../db/schema/index.js';

/** A dispute's row, as the module's rules read it (below the queries, which build views from those rules). */
export type DisputeRow = typeof disputes.$inferSelect;
