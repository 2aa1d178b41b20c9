import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';

/**
 * The account gates on every route of the app (auth.plugin.ts): an account with a temporary password, and
 * one that has not accepted the current Terms, reach only the calls about the session itself and the
 * public facts; staff without a second factor reach those and their own account, security and the
 * development tools but the mailbox (so they can enrol); everything else answers 403 with the gate's code. Each route is called once as each account; a request the gate lets through is stopped
 * before its handler by a malformed body (GETs run), so the walk changes nothing.
 */
const SESSION_CALLS = [
  'GET /api/auth/session',
  'GET /api/auth/user',
  'POST /api/auth/login',
  'POST /api/auth/admin/login',
  'POST /api/auth/register',
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/accept-terms',
  'GET /api/config',
  'GET /api/legal/{page}',
  'GET /api/company',
  'GET /api/currencies',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/client-errors',
  'GET /api/identity/verify-email',
];
/** Each walked route's OpenAPI path (`{id}` where the walk puts a random id). */
const templateOf = new Map<string, string>();
const isSessionCall = (route: string) => SESSION_CALLS.includes(templateOf.get(route) ?? route);
/** Not the development mailbox: an admin's holds everyone's links (issue 26). */
const openBeforeStaffTwoFactor = (route: string) =>
  isSessionCall(route) || (/ \/api\/(auth|dev)\//.test(route) && route !== 'GET /api/dev/mailbox');

let t: TestApp;
let routes: string[];
let mustChange: RegisteredUser;
let moderator: RegisteredUser;
let termsPending: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_STAFF_2FA: 'true', TEST_CLOCK: 'true' } });
  const documented = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  routes = [
    ...Object.entries(documented).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => {
        const route = `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, randomUUID())}`;
        templateOf.set(route, `${method.toUpperCase()} ${path}`);
        return route;
      }),
    ),
    // Not in the OpenAPI document: the verification link and the sockets.
    'GET /api/identity/verify-email',
    'GET /ws',
    'GET /ws/support',
  ];
  mustChange = await registerUser(t.app);
  await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, mustChange.user.id));
  moderator = await registerUser(t.app, { role: 'moderator' });
  termsPending = await registerUser(t.app);
  await t.database.db.update(users).set({ termsVersion: null }).where(eq(users.id, termsPending.user.id));
});
afterAll(() => t.close());

async function call(who: RegisteredUser, route: string) {
  const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const body = method === 'GET' ? {} : { payload: '{', headers: { 'content-type': 'application/json' } };
  const res = await t.app.inject({ method, url, ...body, headers: { cookie: who.cookie, ...body.headers } });
  // A page is the web app's HTML when it is built (apps/web/dist), else a 404 in JSON.
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, code: json ? (res.json() as { code?: string }).code : undefined };
}

describe('the account gates, route by route', () => {
  it('knows the routes it walks (the session calls among them)', () => {
    expect(routes.length).toBeGreaterThan(80);
    const walked = routes.map((route) => templateOf.get(route) ?? route);
    for (const route of SESSION_CALLS) expect(walked).toContain(route);
    expect(routes).toContain('GET /api/dev/clock');
  });

  it('a temporary password reaches the session calls only', async () => {
    for (const route of routes) {
      const { status, code } = await call(mustChange, route);
      if (isSessionCall(route)) expect(code, route).not.toBe('PASSWORD_CHANGE_REQUIRED');
      else expect({ status, code }, route).toEqual({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
  });

  it('Terms not yet accepted reach the session calls only', async () => {
    for (const route of routes) {
      const { status, code } = await call(termsPending, route);
      if (isSessionCall(route)) expect(code, route).not.toBe('TERMS_ACCEPTANCE_REQUIRED');
      else expect({ status, code }, route).toEqual({ status: 403, code: 'TERMS_ACCEPTANCE_REQUIRED' });
    }
  });

  it('staff without a second factor reach the session calls, their own account and the development tools', async () => {
    for (const route of routes) {
      const { status, code } = await call(moderator, route);
      if (openBeforeStaffTwoFactor(route)) expect(code, route).not.toBe('STAFF_TWO_FACTOR_REQUIRED');
      else expect({ status, code }, route).toEqual({ status: 403, code: 'STAFF_TWO_FACTOR_REQUIRED' });
    }
  });

  it('leaves pages, assets and paths of no route alone (404), and gates an API call whatever its query', async () => {
    for (const who of [mustChange, moderator, termsPending]) {
      // A page is the web app (200 once it is built, 404 before); never the gate's 403.
      expect((await call(who, 'GET /dashboard')).status).not.toBe(403);
      for (const url of ['/assets/no-such-file.js', '/api/dev/nothing-here', '/api/no-such-call']) {
        expect((await call(who, `GET ${url}`)).status, url).toBe(404);
      }
      expect((await call(who, 'GET /api/auth/session?x=1')).status).toBe(200);
      expect((await call(who, 'GET /api/transactions?limit=2')).status).toBe(403);
    }
  });
});
