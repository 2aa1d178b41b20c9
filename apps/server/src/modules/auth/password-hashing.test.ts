import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { DEFAULT_PASSWORD_HASH_COST, loadConfig } from '../../config.js';
import { passwordHashing } from './password-hashing.js';

const standard = passwordHashing(DEFAULT_PASSWORD_HASH_COST);
const cheap = passwordHashing(10);

describe('password hashing', () => {
  it("at the default cost is Better Auth's own scrypt, both ways", async () => {
    const hash = await standard.hash('Secret-pass-1');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'Secret-pass-1' })).toBe(true);
    const theirs = await hashPassword('Secret-pass-1');
    expect(await standard.verify({ hash: theirs, password: 'Secret-pass-1' })).toBe(true);
    expect(await standard.verify({ hash: theirs, password: 'Secret-pass-2' })).toBe(false);
  });

  it('at another cost writes the cost into the hash and checks a password against it', async () => {
    const hash = await cheap.hash('Secret-pass-1');
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=16,p=1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await cheap.verify({ hash, password: 'Secret-pass-1' })).toBe(true);
    expect(await cheap.verify({ hash, password: 'Secret-pass-2' })).toBe(false);
    // The same password hashes differently each time (a salt of its own).
    expect(await cheap.hash('Secret-pass-1')).not.toBe(hash);
  });

  it('checks every stored hash at the cost it was made with, whatever the cost setting is now', async () => {
    const madeCheap = await cheap.hash('Secret-pass-1');
    const madeStandard = await standard.hash('Secret-pass-1');
    expect(await standard.verify({ hash: madeCheap, password: 'Secret-pass-1' })).toBe(true);
    expect(await cheap.verify({ hash: madeStandard, password: 'Secret-pass-1' })).toBe(true);
    expect(await passwordHashing(11).verify({ hash: madeCheap, password: 'Secret-pass-1' })).toBe(true);
  });

  it('refuses a damaged hash instead of failing', async () => {
    const hash = await cheap.hash('Secret-pass-1');
    expect(await cheap.verify({ hash: hash.slice(0, -2), password: 'Secret-pass-1' })).toBe(false);
  });

  it('is configured by PASSWORD_HASH_COST: the default by default, never lower in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHashCost).toBe(DEFAULT_PASSWORD_HASH_COST);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '10' })).toThrow(/PASSWORD_HASH_COST: at least 14/);
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '15' }).passwordHashCost).toBe(15);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
