import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { auditEvents, identityVerifications, verificationEvents } from '../../db/schema/index.js';
import { signatureHeader } from '../../providers/verification/index.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadSampleList } from '../sanctions/index.js';
import { identityFields, submitIdentity } from './identity.test-helpers.js';

const SECRET = 'whsec_test_3f9a1c77b2e84d10a6f5';
const API_KEY = 'sk_test_hosted_verification';

/**
 * A local stand-in for a hosted identity provider (Stripe Identity's shape): POST /v1/verification_sessions
 * with the secret key answers a session id and the URL the person is sent to. Never the internet.
 */
interface StandIn {
  url: string;
  requests: Array<{ auth: string | undefined; body: Record<string, unknown> }>;
  failNext: boolean;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

async function startStandIn(): Promise<StandIn> {
  let n = 0;
  const standIn = { requests: [], failNext: false } as unknown as StandIn;
  const server: Server = createServer((req, res) => {
    void readJson(req).then((body) => {
      standIn.requests.push({ auth: req.headers.authorization, body });
      if (req.method !== 'POST' || req.url !== '/v1/verification_sessions') return res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${API_KEY}`) return res.writeHead(401).end();
      if (standIn.failNext) {
        standIn.failNext = false;
        return res.writeHead(500).end();
      }
      const id = `vs_${++n}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, url: `https://verify.example.test/session/${id}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}

let standIn: StandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStandIn();
  t = await createTestApp({
    env: {
      VERIFICATION_PROVIDER: 'hosted',
      VERIFICATION_HOSTED_URL: standIn.url,
      VERIFICATION_HOSTED_API_KEY: API_KEY,
      VERIFICATION_WEBHOOK_SECRET: SECRET,
    },
  });
  await loadSampleList(t.database.db, new Date());
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

function event(id: string, type: string, sessionId: string, reason?: string) {
  return JSON.stringify({
    id,
    type,
    data: { object: { id: sessionId, ...(reason ? { last_error: { reason } } : {}) } },
  });
}

function deliver(body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/verification/webhooks/hosted',
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'verification-signature': signature }),
    },
  });
}
const now = () => Math.floor(Date.now() / 1000);
const signed = (body: string, at = now()) => deliver(body, signatureHeader(SECRET, body, at));

/** Submits as the person (no files: the provider collects them) and returns the session id. */
async function startedSession(person: RegisteredUser, fields = identityFields()): Promise<string> {
  const res = await submitIdentity(t.app, person, fields, []);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ kycStatus: 'pending', provider: 'hosted', latest: { provider: 'hosted' } });
  expect(res.json().redirectUrl).toMatch(/^https:\/\/verify\.example\.test\/session\/vs_\d+$/);
  const [row] = await t.database.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, person.user.id));
  return row!.providerSessionId!;
}

describe('hosted provider', () => {
  it('creates the session server-side with the secret key and sends the person to its URL', async () => {
    const person = await registerUser(t.app);
    await startedSession(person);
    const last = standIn.requests.at(-1)!;
    expect(last.auth).toBe(`Bearer ${API_KEY}`);
    expect(last.body).toMatchObject({ return_url: expect.stringMatching(/\/verification\/identity$/) });
    // The API key never reaches the person.
    expect(JSON.stringify((await as(t.app, person)('GET', '/api/verification/identity')).json())).not.toContain(
      API_KEY,
    );
  });

  it('a provider that fails creates nothing and says to try again', async () => {
    const person = await registerUser(t.app);
    standIn.failNext = true;
    const res = await submitIdentity(t.app, person, identityFields(), []);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PROVIDER_UNAVAILABLE');
    expect((await as(t.app, person)('GET', '/api/auth/user')).json().kycStatus).toBe('unverified');
  });

  it('a signed `verified` event verifies the person once; a replay of it changes nothing', async () => {
    const person = await registerUser(t.app);
    const session = await startedSession(person);
    const body = event('evt_ok_1', 'identity.verification_session.verified', session);
    const first = await signed(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect((await as(t.app, person)('GET', '/api/auth/user')).json().kycStatus).toBe('verified');

    // The same event again (a redelivery, or a replay within the window): recorded once, no second effect.
    const again = await signed(body);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'identity.approve'));
    expect(audit.filter((a) => (a.detail as { userId?: string }).userId === person.user.id)).toEqual([
      expect.objectContaining({ actorUserId: null, detail: expect.objectContaining({ eventId: 'evt_ok_1' }) }),
    ]);
    expect(
      await t.database.db.select().from(verificationEvents).where(eq(verificationEvents.id, 'evt_ok_1')),
    ).toHaveLength(1);
  });

  it('a possible sanctions match does not auto-verify: it waits for staff with the reason, who then decide', async () => {
    const person = await registerUser(t.app);
    const admin = await registerUser(t.app, { role: 'admin' });
    const session = await startedSession(
      person,
      identityFields({ legalName: 'Viktor Zharovsky', dateOfBirth: '1961-03-14' }),
    );
    const res = await signed(event('evt_match_1', 'identity.verification_session.verified', session));
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(t.app, person)('GET', '/api/auth/user')).json().kycStatus).toBe('pending');
    const state = (await as(t.app, person)('GET', '/api/verification/identity')).json();
    expect(state.latest.status).toBe('pending');
    expect(JSON.stringify(state)).not.toMatch(/sanction|Pavlovich|90001/i);

    const [row] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.providerSessionId, session));
    const review = (await as(t.app, admin)('GET', `/api/identity-reviews/${row!.id}`)).json();
    expect(review.heldReason).toMatch(
      /provider verified the documents.*possible sanctions match \(ZHAROVSKY, Viktor Pavlovich, score 0\.\d\d\)/,
    );
    expect(review.sanctionsMatches).toEqual([
      expect.objectContaining({ entryId: '90001', screened: 'Viktor Zharovsky' }),
    ]);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'identity.hold'));
    expect(audit.filter((a) => (a.detail as { userId?: string }).userId === person.user.id)).toEqual([
      expect.objectContaining({ actorUserId: null, detail: expect.objectContaining({ eventId: 'evt_match_1' }) }),
    ]);
    // A redelivery of the approval changes nothing; a reviewer's approval verifies.
    expect((await signed(event('evt_match_1', 'identity.verification_session.verified', session))).json()).toEqual({
      received: true,
      duplicate: true,
    });
    const approved = await as(t.app, admin)('POST', `/api/identity-reviews/${row!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await as(t.app, person)('GET', '/api/auth/user')).json().kycStatus).toBe('verified');
  });

  it('a clean name is verified by the provider at once, with no match kept', async () => {
    const person = await registerUser(t.app);
    const session = await startedSession(person);
    await signed(event('evt_clean_1', 'identity.verification_session.verified', session));
    expect((await as(t.app, person)('GET', '/api/auth/user')).json().kycStatus).toBe('verified');
    const [row] = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.providerSessionId, session));
    expect(row).toMatchObject({ sanctionsMatches: [], heldReason: null, status: 'verified' });
  });

  it('a `requires_input` event rejects with the provider’s reason; the person may start again', async () => {
    const person = await registerUser(t.app);
    const session = await startedSession(person);
    const reason = 'The document was expired.';
    const res = await signed(event('evt_rej_1', 'identity.verification_session.requires_input', session, reason));
    expect(res.statusCode).toBe(200);
    const state = (await as(t.app, person)('GET', '/api/verification/identity')).json();
    expect(state).toMatchObject({ kycStatus: 'rejected', latest: { status: 'rejected', rejectionReason: reason } });
    await startedSession(person);
  });

  it('refuses a forged signature, a missing one and a stale timestamp, and applies nothing', async () => {
    const person = await registerUser(t.app);
    const session = await startedSession(person);
    const body = event('evt_forged', 'identity.verification_session.verified', session);
    const forged = await deliver(body, signatureHeader('whsec_someone_else_entirely', body, now()));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // A genuine signature over another body does not sign this one.
    const other = event('evt_other', 'identity.verification_session.verified', 'vs_elsewhere');
    expect((await deliver(body, signatureHeader(SECRET, other, now()))).statusCode).toBe(400);
    expect((await deliver(body)).statusCode).toBe(400);
    expect((await deliver(body, 't=abc,v1=zz')).statusCode).toBe(400);

    // Captured and replayed ten minutes later: outside the 5-minute window.
    const stale = await signed(body, now() - 10 * 60);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', message: expect.stringMatching(/window/) });
    expect((await signed(body, now() + 10 * 60)).statusCode).toBe(400);

    expect((await as(t.app, person)('GET', '/api/auth/user')).json().kycStatus).toBe('pending');
    expect(
      await t.database.db.select().from(verificationEvents).where(eq(verificationEvents.id, 'evt_forged')),
    ).toEqual([]);
  });

  it('ignores events of other kinds and of no known session', async () => {
    expect((await signed(event('evt_x', 'identity.verification_session.created', 'vs_1'))).json()).toEqual({
      received: true,
    });
    expect((await signed(event('evt_y', 'identity.verification_session.verified', 'vs_unknown'))).json()).toEqual({
      received: true,
    });
  });
});

describe('the webhook without a hosted provider', () => {
  it('is not there (404) with the manual provider', async () => {
    const manual = await createTestApp();
    try {
      const body = event('evt_m', 'identity.verification_session.verified', 'vs_1');
      const res = await manual.app.inject({
        method: 'POST',
        url: '/api/verification/webhooks/hosted',
        payload: body,
        headers: { 'content-type': 'application/json', 'verification-signature': signatureHeader(SECRET, body, now()) },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await manual.close();
    }
  });
});

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'kR8v2LqP9xW4zN7mT3bY6cF1hJ5sD0gA',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_live_x',
    KYC_ENCRYPTION_KEY: 'q3J9vV2mXo8bW1eR7tY5uI4oP0aS6dF2gH8jK1lZ3xC=',
  };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };

  it('production refuses hosted without its webhook secret, and a missing, malformed or weak document key', () => {
    expect(problem(production)).toBe('');
    expect(
      problem({
        ...production,
        VERIFICATION_PROVIDER: 'hosted',
        VERIFICATION_HOSTED_URL: 'https://verify.example.test',
        VERIFICATION_HOSTED_API_KEY: 'k',
      }),
    ).toMatch(/VERIFICATION_WEBHOOK_SECRET: required/);
    const { KYC_ENCRYPTION_KEY: _key, ...noKey } = production;
    expect(problem(noKey)).toMatch(/KYC_ENCRYPTION_KEY: required in production/);
    expect(problem({ ...production, KYC_ENCRYPTION_KEY: 'short' })).toMatch(/KYC_ENCRYPTION_KEY: must be 32 bytes/);
    expect(problem({ ...production, KYC_ENCRYPTION_KEY: '00'.repeat(32) })).toMatch(/too predictable/);
  });

  it('development derives a key and keeps 30 days by default', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.verification).toMatchObject({ provider: 'manual', retentionMs: 30 * 24 * 3600 * 1000 });
    expect(config.verification.encryptionKey).toHaveLength(32);
  });
});
