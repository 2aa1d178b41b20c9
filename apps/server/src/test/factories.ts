import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isStaff, type TRole, type TUser } from '@holdfast/contracts';
import { users } from '../db/schema/index.js';

export interface RegisterUserOptions {
  role?: TRole;
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  /** Default true: the address is marked verified, as after following the emailed link. */
  verified?: boolean;
  /**
   * The verification tier to give (issue 30): 2 adds a verified phone number of its own, 3 also a verified
   * identity. Default: what `verified` gives (1, or 0 unverified), the tier of a new account.
   */
  tier?: 2 | 3;
}

/** A phone number no other test account has (E.164, South African mobile range). */
export const uniquePhoneNumber = () => `+2782${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;

export interface RegisteredUser {
  user: TUser;
  /** Pass as `headers: { cookie }` to app.inject to act as this user. */
  cookie: string;
  email: string;
  password: string;
}

/** `name=value` pairs of a response's Set-Cookie lines, as a request Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return lines
    .map((line) => line.split(';')[0]!.trim())
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

/**
 * Registers through POST /api/auth/register like a person would, then applies what a person cannot
 * do themselves: a verified address (default) and an appointed role (moderator/admin).
 */
export async function registerUser(app: FastifyInstance, opts: RegisterUserOptions = {}): Promise<RegisteredUser> {
  const role = opts.role ?? 'buyer';
  const email = (opts.email ?? uniqueEmail(role)).toLowerCase();
  const password = opts.password ?? 'Secret-pass-1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? role.charAt(0).toUpperCase() + role.slice(1),
      email,
      password,
      confirmPassword: password,
      role: role === 'seller' ? 'seller' : 'buyer',
    },
  });
  if (res.statusCode !== 201) throw new Error(`registerUser failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieHeader(res.headers['set-cookie']);
  let user = res.json().user as TUser;

  const changes: Partial<typeof users.$inferInsert> = {};
  if (opts.verified !== false) changes.emailVerified = true;
  if (isStaff(role)) changes.role = role;
  if (opts.tier) Object.assign(changes, { phoneNumber: uniquePhoneNumber(), phoneVerified: true });
  if (opts.tier === 3) changes.kycStatus = 'verified';
  if (Object.keys(changes).length) {
    await app.database.db.update(users).set(changes).where(eq(users.id, user.id));
    user = { ...user, ...(changes as Partial<TUser>) };
  }
  return { user, cookie, email, password };
}

/** Signs in through POST /api/auth/login and returns the Cookie header for the new session. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`signIn failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res.headers['set-cookie']);
}
