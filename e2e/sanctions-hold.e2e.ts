import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatMoney, HOLD_TEXTS } from '@holdfast/contracts';
import {
  browserMissing,
  fillZaBankDetails,
  launchBrowser,
  lookAtBothWidths,
  screenshot,
  submitWithdrawal,
  uniqueEmail,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';
const ADMIN = { email: 'admin@holdfast.dev', password: 'Holdfast-demo-1' };

/**
 * Sanctions screening in the browser: a seller whose name resembles an entry of the sample list (loaded
 * outside production) withdraws; the wallet page and the bell explain the hold in plain words without
 * naming the list; an admin sees the match on the Withdrawals tab and releases it, and the payout goes out.
 */
describe.skipIf(browserMissing)('a withdrawal held by sanctions screening', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ JOBS_POLL_MS: '200' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

  async function page(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  /** A verified seller (tier 2) named like the sample list's "ZHAROVSKY, Viktor Pavlovich", with R 600 from a card. */
  async function listedSeller(): Promise<Page> {
    const p = await page();
    const email = uniqueEmail('viktor');
    const res = await p.request.post('/api/auth/register', {
      data: {
        firstName: 'Viktor',
        lastName: 'Zharovsky',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        role: 'seller',
      },
    });
    expect(res.status()).toBe(201);
    const { messages } = await (await p.request.get('/api/dev/mailbox')).json();
    const mail = messages.find((m: { to: string }) => m.to === email);
    await p.goto(mail.links.find((l: string) => l.includes('verify-email')));
    await p.getByText('Email verified').waitFor();
    // Tier 2 (a verified phone) may withdraw; the code comes from the development SMS outbox.
    const sent = await p.request.post('/api/verification/phone', { data: { phoneNumber: '+27835550177' } });
    expect(sent.status()).toBe(200);
    const { messages: texts } = await (await p.request.get('/api/dev/sms')).json();
    const code = (texts.at(-1).text as string).match(/\d{6}/)![0];
    expect((await p.request.post('/api/verification/phone/confirm', { data: { code } })).status()).toBe(200);
    const started = await p.request.post('/api/wallet/deposit', {
      data: { amount: '600.00', currency: 'ZAR' },
      headers: key(),
    });
    const { clientSecret } = await started.json();
    const paid = await p.request.post('/api/payments/sandbox/confirm', {
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      headers: key(),
    });
    expect(paid.status()).toBe(200);
    return p;
  }

  it('the seller withdraws and reads why it is held; an admin sees the match and releases it; it is paid', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-sanctions-hold-${i}-${j}`);
    });
    const seller = await listedSeller();
    await seller.goto('/deposit-funds');
    await seller
      .getByTestId('wallet-balance')
      .filter({ hasText: formatMoney('600.00', 'ZAR') })
      .waitFor();

    await seller.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: 'Withdraw Funds' });
    await dialog.getByLabel('Amount').fill('250');
    await dialog.getByLabel('Account holder name').fill('Viktor Zharovsky');
    await fillZaBankDetails(dialog);
    await submitWithdrawal(seller, dialog);
    await seller.getByText('Withdrawal requested', { exact: true }).first().waitFor();

    // The money is reserved (not in the balance) and the hold is explained: why, what is needed, when.
    await seller
      .getByTestId('wallet-balance')
      .filter({ hasText: formatMoney('350.00', 'ZAR') })
      .waitFor();
    const notices = seller.getByRole('list', { name: 'Withdrawals in progress' });
    const notice = notices.getByTestId('hold-notice').first();
    await notice.getByText(HOLD_TEXTS.held.title, { exact: true }).waitFor();
    await notice.getByText(HOLD_TEXTS.held.needed, { exact: true }).waitFor();
    await notice.getByText(/Usually within 1 business day\. .* Expected by /).waitFor();
    expect(await seller.locator('main').innerText()).not.toMatch(/ZHAROVSKY|sanction|sample list/i);
    await lookAtBothWidths(seller, 'wallet-withdrawal-held');

    // The bell says it too (already read: it links to the wallet page, which the seller is looking at).
    await seller.getByRole('button', { name: /^Notifications/ }).click();
    const panel = seller.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Withdrawal held for a routine check').first().waitFor();
    await seller.keyboard.press('Escape');

    // The admin's Withdrawals tab: the match, then a release with a reason.
    const admin = await page();
    await admin.goto('/admin/login');
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In as Admin' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await admin.goto('/admin-dashboard?tab=withdrawals');
    const card = admin.getByTestId('held-withdrawal').filter({ hasText: 'Viktor Zharovsky' }).first();
    await card.getByText('resembles ZHAROVSKY, Viktor Pavlovich', { exact: false }).first().waitFor();
    await card.getByText('list sample, entry 90001', { exact: false }).first().waitFor();
    // Where the money would go, as the bank needs it (the account masked to its last four).
    await card.getByText('account ending 5678 (FNB · branch 250655)', { exact: false }).waitFor();
    await lookAtBothWidths(admin, 'admin-held-withdrawals');

    await card.getByRole('button', { name: 'Release' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Release this withdrawal?' });
    await confirm.getByRole('button', { name: 'Release' }).click();
    await confirm.getByText('Give a reason for the audit trail').waitFor();
    await confirm.getByLabel('Reason (required)').fill('Different date of birth and nationality on the ID document');
    await confirm.getByRole('button', { name: 'Release' }).click();
    await admin.getByText('Withdrawal released: the payout proceeds', { exact: true }).first().waitFor();
    await admin.getByText('No withdrawal is held for review.').waitFor();

    // The sandbox pays it out; the seller's notice goes away once paid, and the activity says so.
    await seller
      .getByRole('list', { name: 'Wallet activity' })
      .getByRole('listitem')
      .filter({ hasText: 'Withdrawal to account ending 5678' })
      .filter({ has: seller.getByText('Completed', { exact: true }) })
      .first()
      .waitFor({ timeout: 30_000 });
    await notices.waitFor({ state: 'detached', timeout: 30_000 });
    await seller
      .getByTestId('wallet-balance')
      .filter({ hasText: formatMoney('350.00', 'ZAR') })
      .waitFor();
    for (const c of contexts) await c.close();
  });
});
