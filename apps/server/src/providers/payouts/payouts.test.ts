import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createPayoutProvider, createSandboxPayoutProvider, createStripePayoutProvider } from './index.js';
import { PayoutProviderError, type PayoutProvider } from './types.js';

const request = (withdrawalId: string, accountLast4 = '1234') => ({
  withdrawalId,
  amount: 12_345n,
  currency: 'USD' as const,
  accountHolderName: 'Thandi Nkosi',
  accountLast4,
  accountNumber: `00011122${accountLast4}`,
});

describe('sandbox payout provider', () => {
  const sandbox = createSandboxPayoutProvider();

  it('starts every payout pending and has paid it when asked again', async () => {
    const created = await sandbox.createPayout(request('w-1'));
    expect(created).toEqual({ id: 'po_sandbox_ok_w-1', status: 'pending' });
    expect(await sandbox.getPayout(created.id)).toEqual({ id: created.id, status: 'paid' });
  });

  it('fails an account number ending 0000 with a reason people can read', async () => {
    const created = await sandbox.createPayout(request('w-2', '0000'));
    expect(created.status).toBe('pending');
    expect(await sandbox.getPayout(created.id)).toEqual({
      id: created.id,
      status: 'failed',
      failureReason: 'The bank rejected the account number',
    });
  });

  it('is stateless: another instance, and a retry with only the last four digits, agree on the payout', async () => {
    const first = await sandbox.createPayout(request('w-3', '0000'));
    const { accountNumber: _omitted, ...retry } = request('w-3', '0000');
    const again = await createSandboxPayoutProvider().createPayout(retry);
    expect(again.id).toBe(first.id);
    expect((await createSandboxPayoutProvider().getPayout(first.id)).status).toBe('failed');
  });

  it('does not know payouts it never made', async () => {
    await expect(sandbox.getPayout('po_unknown')).rejects.toBeInstanceOf(PayoutProviderError);
  });
});

describe('Stripe payout provider (against the local stand-in)', () => {
  let standIn: StripeStandIn;
  let stripe: PayoutProvider;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripePayoutProvider({
      secretKey: 'sk_test_x',
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
    });
  });
  afterAll(() => standIn.close());

  it('creates a payout in minor units and lower-case currency, keyed by the withdrawal id', async () => {
    const created = await stripe.createPayout(request('w-10'));
    expect(created).toEqual({ id: expect.stringMatching(/^po_/), status: 'pending' });
    const call = standIn.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payouts', idempotencyKey: 'w-10' });
    expect(call.body).toMatchObject({
      amount: '12345',
      currency: 'usd',
      description: 'Holdfast withdrawal w-10',
      'metadata[withdrawalId]': 'w-10',
      'metadata[accountHolderName]': 'Thandi Nkosi',
      'metadata[accountLast4]': '1234',
    });
    // The full account number never leaves for Stripe (it pays the bank account on the Stripe account).
    expect(JSON.stringify(call.body)).not.toContain('000111221234');
  });

  it('a retry without the full number is the same request: the same payout, not a second one', async () => {
    const first = await stripe.createPayout(request('w-11'));
    const { accountNumber: _omitted, ...retry } = request('w-11');
    const again = await stripe.createPayout(retry);
    expect(again.id).toBe(first.id);
    expect([...standIn.payouts.values()].filter((p) => p.metadata.withdrawalId === 'w-11')).toHaveLength(1);
  });

  it('reads the payout back: in transit is pending, paid, failed with Stripe’s message', async () => {
    const a = await stripe.createPayout(request('w-12'));
    standIn.settlePayout(a.id, 'in_transit');
    expect(await stripe.getPayout(a.id)).toEqual({ id: a.id, status: 'pending' });
    standIn.settlePayout(a.id, 'paid');
    expect(await stripe.getPayout(a.id)).toEqual({ id: a.id, status: 'paid' });
    expect(standIn.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payouts/${a.id}` });

    const b = await stripe.createPayout(request('w-13'));
    standIn.settlePayout(b.id, 'failed', 'The bank account has been closed');
    expect(await stripe.getPayout(b.id)).toEqual({
      id: b.id,
      status: 'failed',
      failureReason: 'The bank account has been closed',
    });
  });

  it('an unknown payout or a refused key is a PayoutProviderError', async () => {
    await expect(stripe.getPayout('po_missing')).rejects.toBeInstanceOf(PayoutProviderError);
    const wrongKey = createStripePayoutProvider({
      secretKey: 'sk_test_wrong',
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
    });
    await expect(wrongKey.createPayout(request('w-14'))).rejects.toBeInstanceOf(PayoutProviderError);
  });
});

describe('createPayoutProvider', () => {
  it('follows PAYOUTS_PROVIDER, defaulting to the card payments provider', () => {
    expect(createPayoutProvider(testConfig()).name).toBe('sandbox');
    expect(createPayoutProvider(testConfig({ PAYOUTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).name).toBe(
      'stripe',
    );
    expect(
      createPayoutProvider(
        testConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
      ).name,
    ).toBe('stripe');
  });
});
