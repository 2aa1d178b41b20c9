import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStaff, LEGAL_MESSAGES, MESSAGES, PASSWORD_CHANGE_MESSAGES, TWO_FACTOR_MESSAGES } from '@holdfast/contracts';
import { isApiPath } from '../../lib/api-path.js';
import { appError } from '../../lib/errors.js';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, SESSION_COOKIE } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How far an account that is not fully set up may reach this route (the gates of registerAuth); by
     * default not at all. 'session': the calls about the session itself and public facts (the Terms, the
     * company, the currencies), open while a temporary password awaits its change, while the current Terms
     * await acceptance, and to staff without a second factor. 'own-account': the account's own settings
     * and security, and the development tools, open to staff without a second factor (so they can enrol).
     */
    accountGate?: 'session' | 'own-account';
  }
}

/** The request's headers as Web Headers for Better Auth, with the client IP as Fastify resolved it. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies the Set-Cookie headers Better Auth produced onto our reply, with any cookies of our own. */
export function forwardCookies(reply: FastifyReply, headers: Headers | undefined, own: string[] = []) {
  const cookies = [...(headers?.getSetCookie() ?? []), ...own];
  if (cookies.length) reply.header('set-cookie', cookies);
}

/**
 * Accounts foundation: `request.user` from the session cookie on every request, and the one Better Auth
 * path a browser must reach directly (the verify-email link). A plain function, not an encapsulated
 * plugin, so the hook applies to every route.
 */
export function registerAuth(app: FastifyInstance) {
  const service = app.services.auth;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionEnded', false);
  app.decorateRequest('accountSuspended', false);

  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    request.sessionEnded = false;
    request.accountSuspended = false;
    const cookie = request.headers.cookie;
    if (!cookie || !cookie.includes(SESSION_COOKIE)) return;
    const { user, headers, ended, mustChangePassword, mustAcceptTerms, suspended } = await service.currentUser(
      cookie,
      () => authHeaders(request),
    );
    // A live session's renewed cookie; an ended session's answer carries none (see currentUser).
    forwardCookies(reply, headers);
    request.user = user;
    request.sessionEnded = ended === true;
    request.accountSuspended = suspended === true;
    // The gates are for the routes of API calls and sockets. Pages and assets are not gated (the web
    // shows its own "Choose a new password" and two-factor pages); a path that matches no route is 404.
    if (!user || request.is404 || !isApiPath(request.url.split('?')[0]!)) return;
    const gate = request.routeOptions.config.accountGate;
    // A temporary password (a created moderator) is replaced before the account can do anything else.
    if (mustChangePassword && gate !== 'session') {
      throw appError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_MESSAGES.mustChange);
    }
    // The current Terms (new, or changed since this account accepted) are accepted before anything else.
    if (mustAcceptTerms && gate !== 'session') {
      throw appError('TERMS_ACCEPTANCE_REQUIRED', LEGAL_MESSAGES.acceptRequired);
    }
    // Staff powers need a second factor: until it is on, only the account's own settings are reachable.
    if (app.config.requireStaffTwoFactor && isStaff(user.role) && !user.twoFactorEnabled && !gate) {
      throw appError('STAFF_TWO_FACTOR_REQUIRED', TWO_FACTOR_MESSAGES.staffRequired);
    }
  });

  // The link in the verification email. Nothing else of Better Auth's router is mounted.
  const verifyEmail = { config: { accountGate: 'session' as const }, schema: { hide: true } };
  app.get(`${AUTH_BASE_PATH}/verify-email`, verifyEmail, async (request, reply) => {
    const url = new URL(request.url, app.config.publicUrl);
    // Only the account holder, signed in, confirms an address. Otherwise whoever registered somebody
    // else's address first would own it the moment its real owner clicked the link in their inbox.
    const tokenEmail = emailOfVerificationToken(url.searchParams.get('token'));
    if (tokenEmail && request.user?.email.toLowerCase() !== tokenEmail) {
      if (request.user) throw appError('FORBIDDEN', MESSAGES.verification.otherAccount);
      return reply.redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
    }
    const response = await service.verifyEmail(url, authHeaders(request));
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    forwardCookies(reply, response.headers);
    return reply.send(await response.text());
  });
}

/**
 * The address inside a verification token (a JWT whose payload carries `email`), read without checking
 * the signature: Better Auth verifies the token itself right after. Null when it is not such a token.
 */
export function emailOfVerificationToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  } catch {
    return null;
  }
}
