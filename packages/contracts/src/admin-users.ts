import { z } from 'zod';
import { ZRole } from './auth.js';
import { ZDisputeStatus } from './disputes.js';
import { hasControlCharacters } from './text.js';
import { ZTransactionStatus } from './transactions.js';

/**
 * The admin area's Users (issue 31): find an account, see what it holds and does, and suspend, reactivate
 * or (a moderator) deactivate it, always with a reason.
 */

/** Accounts per page of GET /api/admin/users. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** The last page a search may ask for: past it, narrow the search instead. */
export const ADMIN_USERS_MAX_PAGE = 500;
/** Recent deals and disputes shown on an account's page (the counts cover all of them). */
export const ADMIN_USER_RECENT = 5;
export const ADMIN_REASON_MAX_LENGTH = 1000;

/** Texts of the Users area and its actions; the server answers with them and the web shows them verbatim. */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  reasonRequired: 'Please give a reason',
  reasonTooLong: `At most ${ADMIN_REASON_MAX_LENGTH} characters`,
  reasonControlCharacters: 'Remove the control characters (such as NUL) from this text',
  queryTooLong: 'At most 200 characters',
  page: `page must be a whole number from 1 to ${ADMIN_USERS_MAX_PAGE}`,
  suspended: 'This account has been suspended. Contact support if you believe this is a mistake.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendAdmin:
    'Administrator accounts cannot be suspended from the admin area. The platform operator manages administrator accounts.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  notModerator: 'This account is not a moderator.',
  suspendedToast: 'Account suspended',
  reactivatedToast: 'Account reactivated',
  deactivatedToast: 'Moderator deactivated',
  actionFailed: 'The change could not be saved',
  loadFailed: 'The user could not be loaded. Reload the page to try again.',
  listFailed: 'The users could not be loaded. Reload the page to try again.',
} as const;
const M = ADMIN_USER_MESSAGES;

/** GET /api/admin/users?q=&page=: `q` matches the name or the email address (any part, any case). */
export const ZAdminUserListQuery = z.object({
  q: z.string().trim().max(200, M.queryTooLong).optional().default(''),
  page: z.coerce.number({ error: M.page }).int(M.page).min(1, M.page).max(ADMIN_USERS_MAX_PAGE, M.page).default(1),
});
export type TAdminUserListQuery = z.input<typeof ZAdminUserListQuery>;

/** Present while the account is suspended: when and why (who did it is in the audit trail). */
export const ZAccountSuspension = z.object({ at: z.string(), reason: z.string() }).nullable();

/** One account in the search results. */
export const ZAdminUserSummary = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZRole,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  suspension: ZAccountSuspension,
});
export type TAdminUserSummary = z.infer<typeof ZAdminUserSummary>;

/** Newest accounts first; `total` counts every match, so the page knows how many pages there are. */
export const ZAdminUserList = z.object({
  users: z.array(ZAdminUserSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

/** Per currency: what the wallet holds and what sits in escrow for deals the account is buying. */
export const ZAdminUserBalance = z.object({
  currency: z.string(),
  available: z.string(),
  inEscrow: z.string(),
});

export const ZAdminUserDeal = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: ZTransactionStatus,
  /** The account's side of the deal. */
  role: z.enum(['buyer', 'seller']),
  createdAt: z.string(),
});

export const ZAdminUserDispute = z.object({
  id: z.string(),
  transactionId: z.string(),
  description: z.string(),
  status: ZDisputeStatus,
  role: z.enum(['buyer', 'seller']),
  createdAt: z.string(),
});

export const ZAdminUserSession = z.object({
  id: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
});

/** GET /api/admin/users/{id}: the account as an admin needs to see it. Verification is as stored. */
export const ZAdminUserDetail = z.object({
  user: ZAdminUserSummary.extend({
    phoneNumber: z.string().nullable(),
    phoneVerified: z.boolean(),
    kycStatus: z.string(),
    twoFactorEnabled: z.boolean(),
  }),
  balances: z.array(ZAdminUserBalance),
  deals: z.object({
    total: z.number().int(),
    /** Pending, active or disputed: money may still move. */
    open: z.number().int(),
    recent: z.array(ZAdminUserDeal),
  }),
  disputes: z.object({
    total: z.number().int(),
    open: z.number().int(),
    recent: z.array(ZAdminUserDispute),
  }),
  /** A moderator's cases in review (assigned to them), which deactivation sends back to the queue. */
  assignedCases: z.number().int(),
  /** Live sessions, most recently used first. */
  sessions: z.array(ZAdminUserSession),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminUserParams = z.object({ id: z.string().min(1).max(255) });

/** Suspend, reactivate, deactivate a moderator: each needs the reason, kept in the audit trail. */
export const ZAdminUserActionRequest = z.object(
  {
    reason: z
      .string({ error: M.reasonRequired })
      .trim()
      .min(1, M.reasonRequired)
      .max(ADMIN_REASON_MAX_LENGTH, M.reasonTooLong)
      .refine((v) => !hasControlCharacters(v), M.reasonControlCharacters),
  },
  { error: M.reasonRequired },
);
export type TAdminUserActionRequest = z.input<typeof ZAdminUserActionRequest>;
