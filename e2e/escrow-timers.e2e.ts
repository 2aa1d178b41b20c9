import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatMoney } from '@holdfast/contracts';
import { browserMissing, launchBrowser, lookAtBothWidths, screenshot, uniqueEmail } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';
const DAY_SECONDS = 86_400;

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * Escrow that runs itself: the seller marks the deal delivered, the buyer sees the countdown to the
 * automatic release, the server's test clock is moved past the inspection period, and the job worker
 * releases the money and tells both parties by email, with nobody pressing a button.
 */
describe.skipIf(browserMissing)('delivery, inspection and automatic release in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TEST_CLOCK: 'true', JOBS_POLL_MS: '200' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

  async function person(role: 'buyer' | 'seller', firstName: string): Promise<{ page: Page; email: string }> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await page.request.post('/api/auth/register', {
      data: { firstName, lastName: 'Tester', email, password: PASSWORD, confirmPassword: PASSWORD, role },
    });
    expect(res.status()).toBe(201);
    if (role === 'seller') {
      const mail = (await mailbox(page)).find((m) => m.to === email);
      expect(mail, `a verification mail to ${email}`).toBeTruthy();
      await page.goto(mail!.links.find((l) => l.includes('verify-email'))!);
      await page.getByText('Email verified').waitFor();
    }
    return { page, email };
  }

  async function mailbox(page: Page): Promise<Mail[]> {
    const res = await page.request.get('/api/dev/mailbox');
    expect(res.status()).toBe(200);
    return (await res.json()).messages;
  }

  /** Money into the buyer's wallet by a sandbox card, so the deal can be funded from the wallet. */
  async function deposit(page: Page, amount: string) {
    const started = await page.request.post('/api/wallet/deposit', {
      data: { amount, currency: 'ZAR' },
      headers: key(),
    });
    expect(started.status()).toBe(200);
    const { clientSecret } = await started.json();
    const paid = await page.request.post('/api/payments/sandbox/confirm', {
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      headers: key(),
    });
    expect(paid.status()).toBe(200);
  }

  const zar = async (p: Page) => {
    const { balances } = await (await p.request.get('/api/wallet/balance')).json();
    return balances.find((b: { currency: string }) => b.currency === 'ZAR')?.balance ?? '0.00';
  };

  it('the seller marks delivered, the buyer sees the countdown, time passes and the money is released', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-escrow-timers-${i}-${j}`);
    });
    const seller = await person('seller', 'Ayanda');
    const buyer = await person('buyer', 'Karabo');
    await deposit(buyer.page, '600.00');
    expect(await zar(buyer.page)).toBe('600.00');

    // The buyer creates the deal with a 2-day inspection period; the period is checked by the contract.
    const b = buyer.page;
    await b.goto('/create-transaction');
    const inspection = b.getByLabel('Inspection period');
    expect(await inspection.inputValue()).toBe('3');
    await b.getByText('After delivery, you have this many days to inspect').waitFor();
    await b.getByLabel('Amount').fill('500.00');
    await b.getByText('Limits:').first().waitFor();
    await b.getByLabel('Seller Email').fill(seller.email);
    await b.getByLabel('Description').fill('Vintage record player, boxed');
    await inspection.fill('31');
    const submit = b.getByRole('button', { name: 'Create Transaction' });
    await b.getByRole('button', { name: 'Create Transaction', disabled: false }).waitFor();
    await submit.click();
    await b.getByText('Inspection period must be between 1 and 30 days').waitFor();
    expect(await inspection.getAttribute('aria-invalid')).toBe('true');
    await inspection.fill('2');
    await b.getByText('Inspection period must be between 1 and 30 days').waitFor({ state: 'detached' });
    await lookAtBothWidths(b, 'escrow-timers-create-form');
    await submit.click();
    await b.waitForURL('**/transactions');
    await b.getByText('Transaction created successfully').first().waitFor();
    const [created] = await (await b.request.get('/api/transactions')).json();
    expect(created).toMatchObject({ status: 'pending', inspectionDays: 2, amount: '500.00', total: '515.00' });
    const id: string = created.id;

    // Unfunded: the card names its period and the deadline that would cancel it.
    await b.goto(`/transactions/${id}`);
    const card = b.getByTestId('transaction-card');
    await card.getByText('Inspection period', { exact: true }).waitFor();
    await card.getByText('2 days', { exact: true }).waitFor();
    await card.getByText(/^Cancelled automatically on .+ if not funded\.$/).waitFor();

    // Funded from the wallet.
    await b.getByRole('link', { name: 'Fund Transaction' }).click();
    await b.waitForURL(`**/transactions/${id}/checkout`);
    await b.getByRole('button', { name: 'Pay from wallet', exact: true }).click();
    // The review step (issue 32) before the money moves.
    await b.getByRole('alertdialog', { name: 'Review your payment' }).getByRole('button', { name: /^Pay / }).click();
    await b.waitForURL(new RegExp(`/transactions/${id}(\\?|$)`));
    await b.getByText('Payment Successful').first().waitFor();
    expect(await zar(b)).toBe('85.00');
    await card.getByText(/^Cancelled automatically on .+ if the seller has not accepted\./).waitFor();

    // The seller accepts, then marks it delivered with a tracking reference.
    const s = seller.page;
    await s.goto(`/transactions/${id}`);
    await s.getByRole('button', { name: 'Accept', exact: true }).click();
    await s.getByRole('button', { name: 'Accept Transaction' }).click();
    await s.getByText('Transaction Accepted').first().waitFor();
    const markDelivered = s.getByRole('button', { name: 'Mark as delivered' });
    await markDelivered.click();
    const dialog = s.getByRole('dialog', { name: 'Mark as delivered' });
    await dialog.getByText('The buyer then has 2 days to inspect it.', { exact: false }).waitFor();
    await dialog.getByLabel('Tracking reference').fill('  WB-48213-ZA  ');
    await dialog.getByLabel('Note').fill('Left with the building reception, signed for by J. Mokoena');
    await lookAtBothWidths(s, 'escrow-timers-deliver-dialog');
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    await s.getByText('Marked as delivered', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => markDelivered.count()).toBe(0);
    const delivered = await (await s.request.get(`/api/transactions/${id}`)).json();
    expect(delivered).toMatchObject({ status: 'active', trackingReference: 'WB-48213-ZA' });
    expect(delivered.deliveredAt).toBeTruthy();
    expect(delivered.autoReleaseAt).toBeTruthy();
    await s.getByTestId('release-countdown').waitFor();

    // The buyer sees the delivery and the countdown, and can still confirm or dispute.
    await b.goto(`/transactions/${id}`);
    await card.getByText('WB-48213-ZA').waitFor();
    await card.getByText('Left with the building reception, signed for by J. Mokoena').waitFor();
    const countdown = b.getByTestId('release-countdown');
    const shown = (await countdown.textContent()) ?? '';
    const match = /^Releases automatically in (1 day(?: (\d+) hours?)?|2 days)$/.exec(shown);
    expect(match, `countdown text: ${shown}`).toBeTruthy();
    if (match?.[2]) expect(Number(match[2])).toBeGreaterThanOrEqual(22);
    await b.getByLabel('Confirmation phrase').waitFor();
    await b.getByRole('button', { name: 'Request Moderation' }).waitFor();
    await lookAtBothWidths(b, 'escrow-timers-countdown');

    // Time passes on the server's test clock: the inspection period ends and the worker releases. The
    // buyer's open bell lists the release's notification as it arrives (its socket), written after the release.
    await b.getByRole('button', { name: /^Notifications(, .+ unread)?$/ }).click();
    const bellPanel = b.getByRole('dialog', { name: 'Notifications' });
    await bellPanel.waitFor();
    const moved = await b.request.post('/api/dev/clock', { data: { advanceSeconds: 2 * DAY_SECONDS + 60 } });
    expect(moved.status()).toBe(200);
    await bellPanel.getByText('Payment released automatically').first().waitFor();
    await b.keyboard.press('Escape');
    expect((await (await b.request.get(`/api/transactions/${id}`)).json()).status).toBe('completed');
    await b.reload();
    await b.getByText('Funds have been released to the seller.').waitFor();
    await expect.poll(() => b.getByTestId('release-countdown').count()).toBe(0);
    await screenshot(b, 'escrow-timers-released-1280');

    // The seller's wallet shows the release (the amount; the fee stays with the platform).
    await s.goto('/deposit-funds');
    await s.getByText(formatMoney('500.00', 'ZAR')).first().waitFor();
    expect(await zar(s)).toBe('500.00');
    await screenshot(s, 'escrow-timers-seller-wallet-1280');

    // Both parties are told by email, with a link to the transaction: the seller that they were paid
    // because the inspection period ended, the buyer that the money went to the seller.
    const told = async (party: { page: Page; email: string }, subject: RegExp, text: RegExp) =>
      (await mailbox(party.page)).some(
        (m) =>
          m.to === party.email &&
          subject.test(m.subject) &&
          text.test(m.text) &&
          m.links.some((l) => l.includes(`/transactions/${id}`)),
      );
    await expect
      .poll(() => told(seller, /^You have been paid/, /released to you automatically/), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => told(buyer, /the money was released to the seller$/, /inspection period .* ended/), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('an accepted deal not delivered in time: the buyer cancels and is refunded to the wallet', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-escrow-late-${i}-${j}`);
    });
    const seller = await person('seller', 'Zanele');
    const buyer = await person('buyer', 'Musa');
    const b = buyer.page;
    await deposit(b, '300.00');
    const created = await b.request.post('/api/transactions', {
      data: { amount: '200.00', currency: 'ZAR', sellerEmail: seller.email, description: 'Handmade oak bookshelf' },
      headers: key(),
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    expect((await b.request.post(`/api/transactions/${id}/fund-from-wallet`, { headers: key() })).status()).toBe(200);
    const accepted = await seller.page.request.patch(`/api/transactions/${id}/accept`, { data: {}, headers: key() });
    expect(accepted.status()).toBe(200);
    const { lateCancelFrom } = await accepted.json();
    expect(lateCancelFrom).toBeTruthy();
    expect(await zar(b)).toBe('94.00');

    // Before the grace period ends the buyer is only told from when they may cancel.
    await b.goto(`/transactions/${id}`);
    const card = b.getByTestId('transaction-card');
    await card.getByText(/^If nothing is marked delivered, you can cancel and get a refund from .+\.$/).waitFor();
    await expect.poll(() => b.getByRole('button', { name: 'Cancel and refund' }).count()).toBe(0);

    // The server's clock passes the date; the buyer's browser is set to the same moment.
    const moved = await b.request.post('/api/dev/clock', { data: { advanceSeconds: 7 * DAY_SECONDS + 60 } });
    expect(moved.status()).toBe(200);
    const serverNow = new Date((await moved.json()).now);
    expect(serverNow.getTime()).toBeGreaterThan(new Date(lateCancelFrom).getTime());
    await b.clock.setFixedTime(serverNow);
    await b.reload();
    await card.getByText('The seller has not marked this delivered in time.', { exact: false }).waitFor();
    await b.getByRole('button', { name: 'Cancel and refund' }).click();
    const question = b.getByRole('alertdialog', { name: 'Cancel and get a refund?' });
    await question.getByText(`${formatMoney('206.00', 'ZAR')} returns to your wallet`, { exact: false }).waitFor();
    await lookAtBothWidths(b, 'escrow-timers-late-cancel');
    await question.getByRole('button', { name: 'Cancel and refund' }).click();
    await b.getByText('Transaction cancelled and refunded', { exact: true }).first().waitFor();
    await card.getByText('Transaction Cancelled').waitFor();
    expect(await zar(b)).toBe('300.00');
    expect((await (await b.request.get(`/api/transactions/${id}`)).json()).status).toBe('cancelled');
  });
});
