import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { hasControlCharacters, parseSecondReviewAmounts, type CurrencyCode } from '@holdfast/contracts/constants';
import { isPasswordTooWeak } from './lib/password-strength.js';
import { DEFAULT_LANE_CONCURRENCY, type JobLane } from './jobs/kinds.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Text shown on public pages: at most `max` characters, no control characters (line breaks are kept). */
const printable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), 'must be plain text without control characters');

const DEV_SECRET = 'holdfast-development-secret-not-for-production-use';

/** Every environment variable the server reads. Documented in the README's configuration table. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Off: migrations are a deploy step of their own (`npm run migrate`); the server then only checks. */
  MIGRATE_ON_START: bool.default(true),
  /** Where `npm run backup` writes its files when no folder is given. */
  BACKUP_DIR: z.string().default('./backups'),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(2).default(120),
  SESSION_WARNING_SECONDS: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(43_200),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  REGISTRATION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  TRANSACTION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  DEPOSIT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  MODERATOR_APPLICATION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** No default in production: taking card payments must be a decision, never an accident. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** A demo deployment may run the sandbox in production; the UI then says so on every page. */
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: bool.optional(),
  /** Off by default: X-Forwarded-For is a client's word unless a proxy we know rewrote it. */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*)$/,
      'TRUST_PROXY must be false or comma-separated proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
    )
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Holdfast <no-reply@holdfast.local>'),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'SMS_GATEWAY_URL must be an http(s) URL' }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_FROM: z.string().max(11).default('Holdfast'),
  /** Moderators and admins must turn on two-factor sign-in before their powers work. */
  REQUIRE_STAFF_2FA: bool.optional(),
  /** Uploaded files (profile pictures): `disk` under DATA_DIR/uploads, or an S3-compatible bucket. */
  STORAGE_PROVIDER: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  WEB_DIST_DIR: z.string().optional(),
  WS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  /** Withdrawals: the sandbox (settles after a short delay; accounts ending 0000 fail) or Stripe payouts. */
  PAYOUTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** How often each instance looks for due jobs (auto-release, deadlines, emails, payouts). */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Jobs each instance runs at once per lane: money (auto-release, deadlines, payouts), notify, email. */
  JOBS_CONCURRENCY_MONEY: z.coerce.number().int().min(1).max(50).default(DEFAULT_LANE_CONCURRENCY.money),
  JOBS_CONCURRENCY_NOTIFY: z.coerce.number().int().min(1).max(50).default(DEFAULT_LANE_CONCURRENCY.notify),
  JOBS_CONCURRENCY_EMAIL: z.coerce.number().int().min(1).max(50).default(DEFAULT_LANE_CONCURRENCY.email),
  /** Development and browser tests only: POST /api/dev/clock moves the server's time forward. */
  TEST_CLOCK: bool.optional(),
  /** On SIGTERM: how long readiness fails before the listener closes (the load balancer's time to notice). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** On SIGTERM: the whole shutdown's limit; past it the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  /** GET /metrics answers only with `Authorization: Bearer <token>`; with neither this nor METRICS_PORT it is off. */
  METRICS_TOKEN: z.string().optional(),
  /** /metrics on a listener of its own (on HOST), e.g. one only the monitoring network reaches. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Traces go to this OTLP/HTTP collector (e.g. http://otel-collector:4318); nothing of OpenTelemetry loads without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL' })
    .optional(),
  OTEL_SERVICE_NAME: z.string().default('holdfast'),
  /** Dispute clocks (issue 28): days the other party has to respond, hours until an unassigned case escalates, days to decide. */
  DISPUTE_RESPONSE_DAYS: z.coerce.number().positive().max(365).default(3),
  DISPUTE_ASSIGN_HOURS: z.coerce.number().positive().max(8760).default(24),
  DISPUTE_DECISION_DAYS: z.coerce.number().positive().max(365).default(5),
  /** Four eyes on disputes: `ZAR:50000,USD:3000` (decimal per currency; unlisted ones keep their default). */
  DISPUTE_SECOND_REVIEW_AMOUNT: z.string().max(500).optional(),
  /** Who runs this service, shown on /contact, the footer and the default Terms (issue 31). */
  COMPANY_NAME: printable(200).default('Holdfast'),
  COMPANY_REGISTRATION: printable(200).optional(),
  COMPANY_ADDRESS: printable(500).optional(),
  CONTACT_EMAIL: z.email({ error: 'CONTACT_EMAIL must be an email address' }).optional(),
  CONTACT_PHONE: printable(50).optional(),
  /** A folder with the operator's own terms.md and privacy.md (Markdown), replacing the built-in templates. */
  LEGAL_PAGES_DIR: z.string().optional(),
  /** The Terms' version people accept; unset: derived from the Terms' text. A new version is accepted at the next sign-in. */
  TERMS_VERSION: printable(100).optional(),
  /** Identity verification (issue 30): staff review here (`manual`) or a hosted provider's pages and signed webhook. */
  VERIFICATION_PROVIDER: z.enum(['manual', 'hosted']).default('manual'),
  VERIFICATION_HOSTED_URL: z
    .url({ protocol: /^https?$/, error: 'VERIFICATION_HOSTED_URL must be an http(s) URL' })
    .optional(),
  VERIFICATION_HOSTED_API_KEY: z.string().optional(),
  VERIFICATION_WEBHOOK_SECRET: z
    .string()
    .min(16, 'VERIFICATION_WEBHOOK_SECRET must be at least 16 characters')
    .optional(),
  /** AES-256 key for identity documents on disk: 32 bytes as 64 hex digits or base64. */
  KYC_ENCRYPTION_KEY: z.string().optional(),
  /** Days identity documents are kept after the decision; the decision itself stays. */
  KYC_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Sanctions screening (issue 30): a name scoring this much (0–1) against a listed one holds the withdrawal for review. */
  SANCTIONS_MATCH_THRESHOLD: z.coerce.number().min(0.5).max(1).default(0.88),
  /** The fictitious sample list (development, demo, tests) is loaded when no list is; never in production. */
  SANCTIONS_SAMPLE_LIST: bool.optional(),
});

export type Env = z.input<typeof ZEnv>;

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Apply pending migrations at start (under a lock); when false, refuse to start while any are pending. */
  migrateOnStart: boolean;
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: string;
  /** Idle limit (browser dialog and server alike), countdown length, and the absolute session lifetime. */
  session: { idleTimeoutMs: number; warningMs: number; maxAgeMs: number };
  login: { maxFailures: number; windowMs: number };
  bodyLimit: number;
  /** Abuse limits (429): accounts and moderator applications per address, transactions and deposits per user, per hour. */
  limits: {
    registrationsPerHour: number;
    transactionsPerHour: number;
    depositsPerHour: number;
    applicationsPerHour: number;
  };
  /**
   * Fastify's trustProxy: false, or the addresses of the proxies whose X-Forwarded-For we believe. A hop
   * count is not offered: it cannot check who the immediate peer is (Fastify refuses it too).
   */
  trustProxy: false | string[];
  payments: {
    provider: 'sandbox' | 'stripe';
    /** The sandbox in production, explicitly allowed for a demo deployment (shown as a banner). */
    sandboxInProduction: boolean;
    stripe?: {
      secretKey: string;
      publishableKey: string | undefined;
      webhookSecret: string;
      host?: string;
      port?: number;
      protocol?: 'http' | 'https';
    };
  };
  email: { provider: 'outbox' | 'smtp'; smtpUrl?: string; from: string };
  /** Text messages (two-factor codes): the outbox (development) or an HTTP gateway. */
  sms: { provider: 'outbox' | 'http'; gatewayUrl?: string; gatewayToken?: string; from: string };
  /** Staff (moderators, admins) are refused their powers until two-factor sign-in is on. */
  requireStaffTwoFactor: boolean;
  /** Uploaded files: under `${dataDir}/uploads`, or an S3 bucket (complete whenever the provider is s3). */
  storage: {
    provider: 'disk' | 's3';
    s3?: {
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };
  };
  webDistDir: string | undefined;
  /** Redis for state shared by every instance (rate limits, the realtime bus); memory when unset. */
  redisUrl: string | undefined;
  /** WebSockets: how often a socket is pinged; one that missed the previous ping is dropped. */
  realtime: { heartbeatMs: number };
  payouts: {
    provider: 'sandbox' | 'stripe';
    /** Stripe Payouts need only the secret key (and the API address for a local stand-in). */
    stripe?: { secretKey: string; host?: string; port?: number; protocol?: 'http' | 'https' };
  };
  jobs: { pollMs: number; concurrency: Record<JobLane, number> };
  /**
   * A graceful stop (main.ts): readiness fails for `drainMs` while the load balancer notices, then the
   * listener closes and in-flight work finishes; the process exits by `timeoutMs` whatever is left.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The server's clock can be moved forward (POST /api/dev/clock); refused in production. */
  testClock: boolean;
  /**
   * Prometheus metrics at GET /metrics, off (404) unless configured: behind a bearer token, on a port of
   * their own, or both. Never public by default: they name routes, job backlogs and pool sizes.
   */
  metrics: { token: string | undefined; port: number | undefined } | undefined;
  /** OpenTelemetry traces to an OTLP/HTTP collector (main.ts starts them before the app is built). */
  tracing: { endpoint: string; serviceName: string } | undefined;
  /** A dispute's deadlines (disputes.clocks.ts): each step's time, after which its stated default happens. */
  disputeClocks: { responseMs: number; assignMs: number; decisionMs: number };
  /** Disputes: a decision on this much in dispute or more (minor units per currency) needs a second reviewer. */
  disputes: { secondReviewAmounts: Record<CurrencyCode, bigint> };
  /** Who runs the service (GET /api/company); null where the operator gave nothing. */
  company: {
    name: string;
    registration: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
  };
  /** The operator's Terms and Privacy Policy (modules/legal): their folder, and the Terms' version if set. */
  legal: { pagesDir: string | undefined; termsVersion: string | undefined };
  /**
   * Identity verification (modules/identity, decision 027): the provider, the key that encrypts documents
   * on disk (32 bytes), and how long documents are kept after a decision.
   */
  verification: {
    provider: 'manual' | 'hosted';
    hosted?: { url: string; apiKey: string; webhookSecret: string };
    encryptionKey: Buffer;
    retentionMs: number;
  };
  /** Names are screened against the loaded lists (modules/sanctions); `sampleList`: load the made-up one when none is. */
  sanctions: { matchThreshold: number; sampleList: boolean };
}

export class ConfigError extends Error {}

function invalidSettings(error: z.ZodError): ConfigError {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Below this many bits (estimated from the secret's own characters) a secret is guessable, e.g. 'x' × 40. */
const MIN_SECRET_BITS = 96;

/** Bits of entropy of `secret` as its empirical character distribution estimates them (Shannon, × length). */
export function estimatedSecretBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const c of secret) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = [...secret].length;
  let perCharacter = 0;
  for (const count of counts.values()) perCharacter -= (count / n) * Math.log2(count / n);
  return perCharacter * n;
}

const GENERATE_SECRET = 'generate one with `openssl rand -base64 32`';

/** The problem line for a guessable secret `name` (under MIN_SECRET_BITS), or null when it is strong enough. */
function guessableSecret(name: string, secret: string): string | null {
  const bits = estimatedSecretBits(secret);
  return bits < MIN_SECRET_BITS
    ? `  ${name}: too predictable (about ${Math.floor(bits)} bits, at least ${MIN_SECRET_BITS} needed); ${GENERATE_SECRET}`
    : null;
}

/**
 * What production refuses that development takes: the public development secret (anyone could forge
 * tokens with it) or a guessable one, a guessable metrics token, demo accounts with published passwords,
 * and an administrator password the registration rules would refuse.
 */
function productionSecretProblems(e: z.infer<typeof ZEnv>): string[] {
  const problems: string[] = [];
  if (!e.AUTH_SECRET) problems.push(`  AUTH_SECRET: required in production; ${GENERATE_SECRET}`);
  else if (e.AUTH_SECRET === DEV_SECRET)
    problems.push(`  AUTH_SECRET: the development secret is public (it is in the source); ${GENERATE_SECRET}`);
  else {
    const weak = guessableSecret('AUTH_SECRET', e.AUTH_SECRET);
    if (weak) problems.push(weak);
  }
  const weakMetricsToken = e.METRICS_TOKEN && guessableSecret('METRICS_TOKEN', e.METRICS_TOKEN);
  if (weakMetricsToken) problems.push(weakMetricsToken);
  if (e.SEED_DEMO) problems.push('  SEED_DEMO: never in production (the demo accounts have published passwords)');
  // The schema already asks for 12 characters; the strength check is the registration's own.
  if (e.ADMIN_PASSWORD && isPasswordTooWeak(e.ADMIN_PASSWORD, [e.ADMIN_EMAIL]))
    problems.push(
      '  ADMIN_PASSWORD: too easy to guess (the registration rules apply); choose a long, unusual password',
    );
  return problems;
}

/** Parses and checks the environment once; throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) throw invalidSettings(parsed.error);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction) problems.push(...productionSecretProblems(e));
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD))
    problems.push('  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  if (isProduction && !e.PAYMENTS_PROVIDER)
    problems.push('  PAYMENTS_PROVIDER: required in production (stripe, or sandbox for a demo deployment)');
  if (isProduction && e.PAYMENTS_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION)
    problems.push(
      '  PAYMENTS_PROVIDER: sandbox takes test cards as real payments; in production it needs ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true (demo deployments only)',
    );
  if (e.PAYMENTS_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    problems.push('  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe');
  if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL) problems.push('  SMTP_URL: required when EMAIL_PROVIDER=smtp');
  if (e.SMS_PROVIDER === 'http' && !e.SMS_GATEWAY_URL)
    problems.push('  SMS_GATEWAY_URL: required when SMS_PROVIDER=http');
  problems.push(...storageProblems(e, isProduction));
  if (e.SESSION_WARNING_SECONDS >= e.SESSION_IDLE_TIMEOUT_SECONDS)
    problems.push('  SESSION_WARNING_SECONDS: must be shorter than SESSION_IDLE_TIMEOUT_SECONDS');
  if (e.SESSION_MAX_AGE_SECONDS <= e.SESSION_IDLE_TIMEOUT_SECONDS)
    problems.push('  SESSION_MAX_AGE_SECONDS: must be longer than SESSION_IDLE_TIMEOUT_SECONDS');
  if (isProduction && e.TEST_CLOCK) problems.push('  TEST_CLOCK: never in production (it lets time be moved)');
  const drainSeconds = e.SHUTDOWN_DRAIN_SECONDS ?? (isProduction ? 5 : 0);
  if (drainSeconds >= e.SHUTDOWN_TIMEOUT_SECONDS)
    problems.push(
      '  SHUTDOWN_DRAIN_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS (in-flight work needs time too)',
    );
  if ((e.PAYOUTS_PROVIDER ?? e.PAYMENTS_PROVIDER) === 'stripe' && !e.STRIPE_SECRET_KEY)
    problems.push('  STRIPE_SECRET_KEY: required when payouts go through Stripe');
  if (
    isProduction &&
    (e.PAYOUTS_PROVIDER ?? e.PAYMENTS_PROVIDER) === 'sandbox' &&
    !e.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION
  )
    problems.push(
      '  PAYOUTS_PROVIDER: the sandbox pays nothing out; in production it needs ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
    );
  if (isProduction && e.SANCTIONS_SAMPLE_LIST)
    problems.push(
      '  SANCTIONS_SAMPLE_LIST: never in production (its entries are made up); load the real list with npm run sanctions:import',
    );
  if (isProduction && e.SANCTIONS_MATCH_THRESHOLD > MAX_PRODUCTION_MATCH_THRESHOLD)
    problems.push(
      `  SANCTIONS_MATCH_THRESHOLD: at most ${MAX_PRODUCTION_MATCH_THRESHOLD} in production (higher catches only near-exact spellings of a listed name)`,
    );
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    problems.push('  METRICS_PORT: must differ from PORT (it is a listener of its own)');
  let secondReviewAmounts = parseSecondReviewAmounts(undefined);
  try {
    secondReviewAmounts = parseSecondReviewAmounts(e.DISPUTE_SECOND_REVIEW_AMOUNT);
  } catch (error) {
    problems.push(`  DISPUTE_SECOND_REVIEW_AMOUNT: ${(error as Error).message} (e.g. ZAR:50000,USD:3000)`);
  }
  const kyc = verificationSettings(e, isProduction);
  problems.push(...kyc.problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    publicUrl,
    authSecret: e.AUTH_SECRET ?? DEV_SECRET,
    trustedOrigins: [publicUrl, ...(e.TRUSTED_ORIGINS?.split(',').map((s) => s.trim()) ?? [])],
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    session: {
      idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_SECONDS * 1000,
      warningMs: e.SESSION_WARNING_SECONDS * 1000,
      maxAgeMs: e.SESSION_MAX_AGE_SECONDS * 1000,
    },
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMs: e.LOGIN_WINDOW_SECONDS * 1000 },
    bodyLimit: e.BODY_LIMIT_BYTES,
    limits: {
      registrationsPerHour: e.REGISTRATION_LIMIT_PER_HOUR,
      transactionsPerHour: e.TRANSACTION_LIMIT_PER_HOUR,
      depositsPerHour: e.DEPOSIT_LIMIT_PER_HOUR,
      applicationsPerHour: e.MODERATOR_APPLICATION_LIMIT_PER_HOUR,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    payments: {
      provider: e.PAYMENTS_PROVIDER ?? 'sandbox',
      sandboxInProduction: isProduction && (e.PAYMENTS_PROVIDER ?? 'sandbox') === 'sandbox',
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              host: e.STRIPE_API_HOST,
              port: e.STRIPE_API_PORT,
              protocol: e.STRIPE_API_PROTOCOL,
            }
          : undefined,
    },
    email: { provider: e.EMAIL_PROVIDER, smtpUrl: e.SMTP_URL, from: e.EMAIL_FROM },
    sms: {
      provider: e.SMS_PROVIDER,
      gatewayUrl: e.SMS_GATEWAY_URL,
      gatewayToken: e.SMS_GATEWAY_TOKEN,
      from: e.SMS_FROM,
    },
    requireStaffTwoFactor: e.REQUIRE_STAFF_2FA ?? isProduction,
    storage: {
      provider: e.STORAGE_PROVIDER,
      s3:
        e.STORAGE_PROVIDER === 's3' && e.S3_BUCKET && e.S3_REGION
          ? {
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            }
          : undefined,
    },
    webDistDir: e.WEB_DIST_DIR,
    redisUrl: e.REDIS_URL,
    realtime: { heartbeatMs: e.WS_HEARTBEAT_SECONDS * 1000 },
    /** Defaults to the card payments provider, so one Stripe account both takes and pays out money. */
    payouts: {
      provider: e.PAYOUTS_PROVIDER ?? e.PAYMENTS_PROVIDER ?? 'sandbox',
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            host: e.STRIPE_API_HOST,
            port: e.STRIPE_API_PORT,
            protocol: e.STRIPE_API_PROTOCOL,
          }
        : undefined,
    },
    jobs: {
      pollMs: e.JOBS_POLL_MS,
      concurrency: {
        money: e.JOBS_CONCURRENCY_MONEY,
        notify: e.JOBS_CONCURRENCY_NOTIFY,
        email: e.JOBS_CONCURRENCY_EMAIL,
      },
    },
    shutdown: { drainMs: drainSeconds * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    testClock: e.TEST_CLOCK ?? false,
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT !== undefined ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT } : undefined,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    disputeClocks: {
      responseMs: e.DISPUTE_RESPONSE_DAYS * DAY_MS,
      assignMs: e.DISPUTE_ASSIGN_HOURS * HOUR_MS,
      decisionMs: e.DISPUTE_DECISION_DAYS * DAY_MS,
    },
    disputes: { secondReviewAmounts },
    company: {
      name: e.COMPANY_NAME || 'Holdfast',
      registration: e.COMPANY_REGISTRATION || null,
      address: e.COMPANY_ADDRESS || null,
      email: e.CONTACT_EMAIL ?? null,
      phone: e.CONTACT_PHONE || null,
    },
    legal: {
      pagesDir: e.LEGAL_PAGES_DIR ? path.resolve(e.LEGAL_PAGES_DIR) : undefined,
      termsVersion: e.TERMS_VERSION || undefined,
    },
    verification: {
      provider: e.VERIFICATION_PROVIDER,
      hosted:
        e.VERIFICATION_PROVIDER === 'hosted' && e.VERIFICATION_HOSTED_URL && e.VERIFICATION_HOSTED_API_KEY
          ? {
              url: e.VERIFICATION_HOSTED_URL.replace(/\/$/, ''),
              apiKey: e.VERIFICATION_HOSTED_API_KEY,
              webhookSecret: e.VERIFICATION_WEBHOOK_SECRET ?? '',
            }
          : undefined,
      encryptionKey: kyc.key,
      retentionMs: e.KYC_RETENTION_DAYS * DAY_MS,
    },
    sanctions: {
      matchThreshold: e.SANCTIONS_MATCH_THRESHOLD,
      sampleList: e.SANCTIONS_SAMPLE_LIST ?? !isProduction,
    },
  };
}

/** 32 bytes written as 64 hex digits or as base64; null when `raw` is neither. */
export function parseEncryptionKey(raw: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(raw)) {
    const key = Buffer.from(raw, 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/**
 * The identity-verification settings' problems and the document key. Without KYC_ENCRYPTION_KEY outside
 * production the key is derived from AUTH_SECRET (development files stay readable across restarts);
 * production refuses a missing, malformed or guessable key, and a hosted provider without its URL, API key
 * and webhook secret (a webhook that cannot be checked must never decide anyone's identity).
 */
function verificationSettings(e: z.output<typeof ZEnv>, isProduction: boolean): { problems: string[]; key: Buffer } {
  const problems: string[] = [];
  if (e.VERIFICATION_PROVIDER === 'hosted') {
    const missing = (
      ['VERIFICATION_HOSTED_URL', 'VERIFICATION_HOSTED_API_KEY', 'VERIFICATION_WEBHOOK_SECRET'] as const
    ).filter((name) => !e[name]);
    if (missing.length) problems.push(`  ${missing.join(', ')}: required when VERIFICATION_PROVIDER=hosted`);
    const weak =
      isProduction &&
      e.VERIFICATION_WEBHOOK_SECRET &&
      guessableSecret('VERIFICATION_WEBHOOK_SECRET', e.VERIFICATION_WEBHOOK_SECRET);
    if (weak) problems.push(weak);
  }
  const derived = createHash('sha256')
    .update(`holdfast-kyc-documents:${e.AUTH_SECRET ?? DEV_SECRET}`)
    .digest();
  if (!e.KYC_ENCRYPTION_KEY) {
    // Only disk needs it: a bucket encrypts on its own side (decision 027).
    if (isProduction && e.STORAGE_PROVIDER === 'disk')
      problems.push(
        `  KYC_ENCRYPTION_KEY: required in production with STORAGE_PROVIDER=disk (32 bytes: it encrypts identity documents); generate one with \`openssl rand -base64 32\``,
      );
    return { problems, key: derived };
  }
  const key = parseEncryptionKey(e.KYC_ENCRYPTION_KEY);
  if (!key) {
    problems.push('  KYC_ENCRYPTION_KEY: must be 32 bytes, as 64 hex digits or base64 (`openssl rand -base64 32`)');
    return { problems, key: derived };
  }
  // A key of few distinct bytes (all zeros, a repeated pattern) is as good as none.
  if (isProduction && new Set(key).size < 16)
    problems.push('  KYC_ENCRYPTION_KEY: too predictable; generate one with `openssl rand -base64 32`');
  return { problems, key };
}
/** Above this, screening misses a listed name with one typo and a missing middle name (sanctions.match.test.ts). */
const MAX_PRODUCTION_MATCH_THRESHOLD = 0.95;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * An S3 store needs its bucket and region, and both keys or neither (neither: the AWS SDK's default
 * credentials, e.g. an instance role). In production, S3 settings without STORAGE_PROVIDER=s3 are refused
 * too: pictures would otherwise land on one instance's disk while the operator believes they are in S3.
 */
function storageProblems(e: z.output<typeof ZEnv>, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (e.STORAGE_PROVIDER === 's3') {
    const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((name) => !e[name]);
    if (missing.length) problems.push(`  ${missing.join(' and ')}: required when STORAGE_PROVIDER=s3`);
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
      problems.push('  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  } else if (isProduction && S3_SETTINGS.some((name) => e[name] !== undefined)) {
    problems.push('  STORAGE_PROVIDER: S3 settings are given; set STORAGE_PROVIDER=s3 (or remove them)');
  }
  return problems;
}

/** What the database commands (`npm run migrate`, `npm run backup`) need: no secrets, no providers. */
export interface DatabaseSettings {
  databaseUrl: string | undefined;
  dataDir: string;
  backupDir: string;
}

/** The database settings alone, checked as loadConfig checks them; throws ConfigError. */
export function loadDatabaseSettings(source: Record<string, string | undefined> = process.env): DatabaseSettings {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.pick({ DATABASE_URL: true, DATA_DIR: true, BACKUP_DIR: true }).safeParse(cleaned);
  if (!parsed.success) throw invalidSettings(parsed.error);
  const e = parsed.data;
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR), backupDir: path.resolve(e.BACKUP_DIR) };
}

function parseTrustProxy(value: string | undefined): false | string[] {
  if (!value || value === 'false') return false;
  return value.split(',').map((s) => s.trim());
}

/** A configuration for tests: quiet, in-memory friendly, overridable. */
/** Tests register many accounts from one address and create many transactions per user: no volume limits. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: '0',
    REGISTRATION_LIMIT_PER_HOUR: '1000000',
    TRANSACTION_LIMIT_PER_HOUR: '1000000',
    DEPOSIT_LIMIT_PER_HOUR: '1000000',
    MODERATOR_APPLICATION_LIMIT_PER_HOUR: '1000000',
    ...overrides,
  });
}
