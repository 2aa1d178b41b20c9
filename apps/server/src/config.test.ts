import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseSettings } from './config.js';

/** A generated document key (production with disk storage requires one; decision 027). */
const KYC_KEY = 'xrZ4b0Wq3m8Yt1Lc6Vn9Pd2Hs5Jf7Gk0Ua3Ei8Ro1Ty=';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.payments.provider).toBe('sandbox');
    expect(config.session).toEqual({ idleTimeoutMs: 120_000, warningMs: 30_000, maxAgeMs: 43_200_000 });
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:5000');
  });

  it('takes REDIS_URL for shared rate limits, and refuses anything but a redis URL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL must be a redis/);
  });

  it('migrates at start unless MIGRATE_ON_START=false', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START/);
  });

  it('gives the database commands their settings without the server’s secrets, even in production', () => {
    const settings = loadDatabaseSettings({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db:5432/holdfast',
      BACKUP_DIR: '/var/backups/holdfast',
    });
    expect(settings).toEqual({
      databaseUrl: 'postgres://app@db:5432/holdfast',
      dataDir: path.resolve('./data'),
      backupDir: '/var/backups/holdfast',
    });
    expect(loadDatabaseSettings({}).backupDir).toBe(path.resolve('./backups'));
    expect(() => loadDatabaseSettings({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
  });

  it('keeps /metrics off and tracing unloaded unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ metrics: undefined, tracing: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 });
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'holdfast',
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    );
  });

  it('reads PORT and DATA_DIR', () => {
    const config = loadConfig({ PORT: '6123', DATA_DIR: '/tmp/holdfast-x' });
    expect(config.port).toBe(6123);
    expect(config.dataDir).toBe('/tmp/holdfast-x');
  });

  it('names every bad setting clearly', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('requires a secret in production and complete Stripe settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_SECONDS: '10', SESSION_WARNING_SECONDS: '10' })).toThrow(
      /SESSION_WARNING_SECONDS/,
    );
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_SECONDS: '600', SESSION_MAX_AGE_SECONDS: '600' })).toThrow(
      /SESSION_MAX_AGE_SECONDS: must be longer/,
    );
    expect(loadConfig({}).session.maxAgeMs).toBe(12 * 60 * 60 * 1000);
  });

  it('never takes sandbox payments in production by accident', () => {
    const prod = {
      NODE_ENV: 'production',
      AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
      KYC_ENCRYPTION_KEY: KYC_KEY,
    };
    expect(() => loadConfig(prod)).toThrow(/PAYMENTS_PROVIDER: required in production/);
    expect(() => loadConfig({ ...prod, PAYMENTS_PROVIDER: 'sandbox' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true/,
    );
    const demo = loadConfig({ ...prod, PAYMENTS_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' });
    expect(demo.payments).toMatchObject({ provider: 'sandbox', sandboxInProduction: true });
    const stripe = loadConfig({
      ...prod,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    });
    expect(stripe.payments).toMatchObject({ provider: 'stripe', sandboxInProduction: false });
    expect(loadConfig({}).payments).toMatchObject({ provider: 'sandbox', sandboxInProduction: false });
  });

  it('trusts X-Forwarded-For only from proxies it was told about', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be/);
  });

  it('turns off demo seeding in production by default', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
      KYC_ENCRYPTION_KEY: KYC_KEY,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.isProduction).toBe(true);
  });

  it('drains for 5 s before closing in production only, within a 25 s limit by default', () => {
    const prod = {
      NODE_ENV: 'production',
      AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
      KYC_ENCRYPTION_KEY: KYC_KEY,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    };
    expect(loadConfig(prod).shutdown).toEqual({ drainMs: 5000, timeoutMs: 25_000 });
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 25_000 });
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '9' }).shutdown).toEqual({
      drainMs: 2000,
      timeoutMs: 9000,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '30' })).toThrow(/SHUTDOWN_DRAIN_SECONDS: must be shorter/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  describe('production refuses known secrets and demo data', () => {
    const prod = {
      NODE_ENV: 'production',
      AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
      KYC_ENCRYPTION_KEY: KYC_KEY,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    };

    it('refuses the development secret from the source', () => {
      expect(() => loadConfig({ ...prod, AUTH_SECRET: 'holdfast-development-secret-not-for-production-use' })).toThrow(
        /AUTH_SECRET: the development secret is public/,
      );
    });

    it('refuses a secret with too little entropy, and takes a generated one', () => {
      expect(() => loadConfig({ ...prod, AUTH_SECRET: 'x'.repeat(40) })).toThrow(/AUTH_SECRET: too predictable/);
      expect(() => loadConfig({ ...prod, AUTH_SECRET: 'abababababababababababababababababab' })).toThrow(
        /AUTH_SECRET: too predictable/,
      );
      expect(loadConfig({ ...prod, AUTH_SECRET: randomBytes(32).toString('base64') }).isProduction).toBe(true);
      expect(loadConfig({ ...prod, AUTH_SECRET: randomBytes(16).toString('hex') }).isProduction).toBe(true);
    });

    it('refuses a guessable METRICS_TOKEN by the same rule, and takes a generated one', () => {
      expect(() => loadConfig({ ...prod, METRICS_TOKEN: 'prometheus' })).toThrow(/METRICS_TOKEN: too predictable/);
      const token = randomBytes(32).toString('base64');
      expect(loadConfig({ ...prod, METRICS_TOKEN: token }).metrics).toEqual({ token, port: undefined });
      // Outside production any token is taken.
      expect(loadConfig({ METRICS_TOKEN: 'prometheus' }).metrics?.token).toBe('prometheus');
    });

    it('refuses the made-up sanctions sample list and a threshold that only catches near-exact names', () => {
      expect(loadConfig(prod).sanctions).toEqual({ matchThreshold: 0.88, sampleList: false });
      expect(loadConfig({}).sanctions).toEqual({ matchThreshold: 0.88, sampleList: true });
      expect(() => loadConfig({ ...prod, SANCTIONS_SAMPLE_LIST: 'true' })).toThrow(/SANCTIONS_SAMPLE_LIST: never/);
      expect(() => loadConfig({ ...prod, SANCTIONS_MATCH_THRESHOLD: '0.97' })).toThrow(
        /SANCTIONS_MATCH_THRESHOLD: at most 0.95 in production/,
      );
      expect(loadConfig({ ...prod, SANCTIONS_MATCH_THRESHOLD: '0.9' }).sanctions.matchThreshold).toBe(0.9);
      expect(() => loadConfig({ SANCTIONS_MATCH_THRESHOLD: '1.5' })).toThrow(/SANCTIONS_MATCH_THRESHOLD/);
      expect(() => loadConfig({ SANCTIONS_MATCH_THRESHOLD: 'high' })).toThrow(/SANCTIONS_MATCH_THRESHOLD/);
    });

    it('refuses SEED_DEMO', () => {
      expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: never in production/);
      expect(loadConfig({ ...prod, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    });

    it('applies the registration password rules to ADMIN_PASSWORD', () => {
      const admin = { ...prod, ADMIN_EMAIL: 'owner@example.com' };
      expect(() => loadConfig({ ...admin, ADMIN_PASSWORD: 'aaaaaaaaaaaa' })).toThrow(
        /ADMIN_PASSWORD: too easy to guess/,
      );
      expect(() => loadConfig({ ...admin, ADMIN_PASSWORD: 'owner@example.com' })).toThrow(/ADMIN_PASSWORD/);
      expect(loadConfig({ ...admin, ADMIN_PASSWORD: 'Quiet-Harbor-Lantern-41' }).admin?.email).toBe(
        'owner@example.com',
      );
      // Outside production the development defaults still start.
      expect(loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'aaaaaaaaaaaa' }).admin).toBeDefined();
    });
  });
});
