import type { FastifyRequest } from 'fastify';
import type { TRole } from '@holdfast/contracts';
import { ADMIN_USER_MESSAGES, MESSAGES } from '@holdfast/contracts';
import { appError, forbidden, unauthenticated } from './errors.js';

/** The signed-in person behind a request, resolved from the session cookie by the accounts module. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: TRole;
  firstName: string | null;
  lastName: string | null;
  /** Staff must have it on before their powers work (REQUIRE_STAFF_2FA). */
  twoFactorEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null when the request carries no valid session. Filled by the accounts module's onRequest hook. */
    user: SessionUser | null;
    /** The request carried a genuine session cookie whose session has ended (idle, lifetime, revoked). */
    sessionEnded: boolean;
    /** The session's account is suspended (admin users): refused with ACCOUNT_SUSPENDED, never served. */
    accountSuspended: boolean;
  }
}

/**
 * The caller, or 401 (SESSION_EXPIRED when their session just ended, so the page can say why; ACCOUNT_SUSPENDED
 * when its account is suspended).
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user && request.accountSuspended) throw appError('ACCOUNT_SUSPENDED', ADMIN_USER_MESSAGES.suspended);
  if (!request.user && request.sessionEnded) throw appError('SESSION_EXPIRED', MESSAGES.auth.sessionExpired);
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller if they hold one of the roles, else 401/403. */
export function requireRole(request: FastifyRequest, ...roles: TRole[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
