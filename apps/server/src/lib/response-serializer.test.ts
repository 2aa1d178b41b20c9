import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ZLoginResponse, ZUser } from '@holdfast/contracts';
import { responseSerializerCompiler } from './response-serializer.js';

async function serve(schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  const res = await app.inject({ url: '/x' });
  await app.close();
  return res;
}

const user = {
  id: 'u1',
  email: 'a@b.test',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  role: 'buyer',
  twoFactorEnabled: false,
  twoFactorMethod: null,
  phoneNumber: null,
  walletBalance: '0.00',
  walletCurrency: 'USD',
  phoneVerified: false,
  emailVerified: true,
  kycStatus: 'none',
  createdAt: '2026-01-01T00:00:00.000Z',
  mustChangePassword: false,
  termsVersion: null,
  termsAcceptedAt: null,
  mustAcceptTerms: true,
};

describe('compiled response serializer', () => {
  it('writes exactly what the Zod serializer wrote for the same answer, nulls included', async () => {
    const res = await serve(ZUser, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ZUser.parse(user));
    expect(res.body).toBe(JSON.stringify(ZUser.parse(user)));
  });

  it('never writes a field the schema does not declare (a password hash on the row stays home)', async () => {
    const res = await serve(ZUser, { ...user, passwordHash: 'secret', nested: { x: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    expect(Object.keys(res.json())).toEqual(Object.keys(ZUser.parse(user)));
  });

  it('refuses an answer missing a required field with a 500, as before', async () => {
    const { email: _omitted, ...withoutEmail } = user;
    const res = await serve(ZUser, withoutEmail);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('a@b.test');
  });

  it('serializes arrays of objects with nullable members', async () => {
    const schema = z.array(z.object({ id: z.string(), at: z.string().nullable(), n: z.number() }));
    const rows = [
      { id: 'a', at: null, n: 1 },
      { id: 'b', at: '2026-01-01', n: 2.5, extra: true },
    ];
    const res = await serve(schema, rows);
    expect(res.json()).toEqual([
      { id: 'a', at: null, n: 1 },
      { id: 'b', at: '2026-01-01', n: 2.5 },
    ]);
  });

  it('keeps Zod for unions, stripping each branch as Zod does', async () => {
    const res = await serve(ZLoginResponse, { user: { ...user, passwordHash: 'secret' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: ZUser.parse(user) });
    const twoFactor = await serve(ZLoginResponse, { twoFactorRequired: true, method: 'app', phoneNumber: null });
    expect(twoFactor.json()).toEqual({ twoFactorRequired: true, method: 'app', phoneNumber: null });
  });
});
