import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A tiny local stand-in for the parts of Stripe's API the product uses, so the real SDK can be
 * exercised without the internet: POST /v1/payment_intents (honouring Idempotency-Key) and
 * GET /v1/payment_intents/:id; POST /v1/payouts (honouring Idempotency-Key, or refusing while told to)
 * and GET /v1/payouts/:id. Tests move intents along with succeed()/fail() and sign webhook events with
 * the SDK's own generateTestHeaderString.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string; type: 'card_error' } | null;
  automatic_payment_methods: { enabled: boolean } | null;
  livemode: false;
  created: number;
}

/** A payout as the stand-in keeps it (POST /v1/payouts, GET /v1/payouts/:id). */
export interface StandInPayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  description: string | null;
  metadata: Record<string, string>;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  created: number;
}

export interface StripeStandIn {
  port: number;
  intents: Map<string, StandInIntent>;
  payouts: Map<string, StandInPayout>;
  /**
   * While a message is set, new payouts are refused as Stripe refuses them when the account's balance
   * cannot cover them (400 balance_insufficient); null takes them again.
   */
  refusePayouts(message: string | null): void;
  /** Moves a payout along as the bank would: in_transit, paid, or failed with a message. */
  settlePayout(id: string, status: 'in_transit' | 'paid' | 'failed', failureMessage?: string): StandInPayout;
  /** Every API call received, in order. */
  calls: { method: string; path: string; idempotencyKey: string | undefined; body: Record<string, string> }[];
  succeed(id: string): StandInIntent;
  fail(id: string, message?: string): StandInIntent;
  /** A webhook body and its valid Stripe-Signature header. */
  signedEvent(
    type: string,
    intent: StandInIntent,
    opts?: { id?: string; secret?: string },
  ): {
    payload: string;
    signature: string;
  };
  close(): Promise<void>;
}

const rand = (n = 12) => randomBytes(n).toString('hex');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand(6)}` });
  res.end(JSON.stringify(body));
}

const apiError = (message: string, type = 'invalid_request_error') => ({ error: { type, message } });

export async function startStripeStandIn(
  opts: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? 'sk_test_x';
  const webhookSecret = opts.webhookSecret ?? 'whsec_test';
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, { fingerprint: string; intentId: string }>();
  const payouts = new Map<string, StandInPayout>();
  const payoutsByKey = new Map<string, { fingerprint: string; payoutId: string }>();
  const calls: StripeStandIn['calls'] = [];
  let refusal: string | null = null;
  const signer = new Stripe(secretKey);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readBody(req);
    const body = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, body });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, apiError('Invalid API Key provided'));
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) {
        const seen = byIdempotencyKey.get(idempotencyKey)!;
        if (seen.fingerprint !== raw) {
          return send(
            res,
            400,
            apiError('Keys for idempotent requests can only be used with the same parameters', 'idempotency_error'),
          );
        }
        return send(res, 200, intents.get(seen.intentId));
      }
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || !body.currency) {
        return send(res, 400, apiError('Invalid amount or currency'));
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const id = `pi_${rand()}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: body.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${rand()}`,
        metadata,
        last_payment_error: null,
        automatic_payment_methods: body['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true } : null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { fingerprint: raw, intentId: id });
      return send(res, 200, intent);
    }
    if (req.method === 'POST' && url.pathname === '/v1/payouts') {
      if (refusal)
        return send(res, 400, {
          error: { type: 'invalid_request_error', code: 'balance_insufficient', message: refusal },
        });
      if (idempotencyKey && payoutsByKey.has(idempotencyKey)) {
        const seen = payoutsByKey.get(idempotencyKey)!;
        if (seen.fingerprint !== raw) {
          return send(
            res,
            400,
            apiError('Keys for idempotent requests can only be used with the same parameters', 'idempotency_error'),
          );
        }
        return send(res, 200, payouts.get(seen.payoutId));
      }
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || !body.currency) {
        return send(res, 400, apiError('Invalid amount or currency'));
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) {
        const mm = /^metadata\[(.+)\]$/.exec(k);
        if (mm) metadata[mm[1]!] = v;
      }
      const payout: StandInPayout = {
        id: `po_${rand()}`,
        object: 'payout',
        amount,
        currency: body.currency,
        status: 'pending',
        description: body.description ?? null,
        metadata,
        failure_code: null,
        failure_message: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      payouts.set(payout.id, payout);
      if (idempotencyKey) payoutsByKey.set(idempotencyKey, { fingerprint: raw, payoutId: payout.id });
      return send(res, 200, payout);
    }
    const po = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && po) {
      const payout = payouts.get(decodeURIComponent(po[1]!));
      return payout ? send(res, 200, payout) : send(res, 404, apiError(`No such payout: '${po[1]}'`));
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const intent = intents.get(decodeURIComponent(m[1]!));
      return intent ? send(res, 200, intent) : send(res, 404, apiError(`No such payment_intent: '${m[1]}'`));
    }
    return send(res, 404, apiError(`Unrecognized request URL (${req.method}: ${url.pathname})`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stand-in: no intent ${id}`);
    return intent;
  };

  return {
    port,
    intents,
    payouts,
    calls,
    refusePayouts(message) {
      refusal = message;
    },
    settlePayout(id, status, failureMessage = 'The bank account could not be found') {
      const payout = payouts.get(id);
      if (!payout) throw new Error(`stand-in: no payout ${id}`);
      Object.assign(payout, {
        status,
        failure_code: status === 'failed' ? 'no_account' : null,
        failure_message: status === 'failed' ? failureMessage : null,
      });
      return payout;
    },
    succeed(id) {
      const intent = get(id);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null });
      return intent;
    },
    fail(id, message = 'Your card was declined.') {
      const intent = get(id);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { message, code: 'card_declined', type: 'card_error' },
      });
      return intent;
    },
    signedEvent(type, intent, o = {}) {
      const payload = JSON.stringify({
        id: o.id ?? `evt_${rand()}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: intent },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? webhookSecret });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
