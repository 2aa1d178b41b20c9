import { z } from 'zod';

/** GET /api/admin/stats: platform figures for administrators. Amounts are decimal strings. */
export const ZAdminStats = z.object({
  users: z.object({
    total: z.number(),
    buyers: z.number(),
    sellers: z.number(),
    moderators: z.number(),
    admins: z.number(),
  }),
  transactions: z.object({
    total: z.number(),
    pending: z.number(),
    active: z.number(),
    completed: z.number(),
    disputed: z.number(),
    cancelled: z.number(),
  }),
  /** The platform's fee accounts: fees earned on released transactions, per currency. */
  fees: z.array(z.object({ currency: z.string(), balance: z.string() })),
  /** Money currently held in escrow, per currency. */
  escrow: z.array(z.object({ currency: z.string(), balance: z.string() })),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;
