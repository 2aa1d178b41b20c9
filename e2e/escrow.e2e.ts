import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatMoney } from '@holdfast/contracts';
import {
  browserMissing,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  screenshot,
  uniqueEmail,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';

describe.skipIf(browserMissing)('the escrow journey in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A signed-in person in their own browser context. */
  async function person(role: 'buyer' | 'seller', firstName: string): Promise<{ page: Page; email: string }> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await page.request.post('/api/auth/register', {
      data: { firstName, lastName: 'Tester', email, password: PASSWORD, confirmPassword: PASSWORD, role },
    });
    expect(res.status()).toBe(201);
    return { page, email };
  }

  /** Follows the verification link from the development mailbox, as a person would from their inbox. */
  async function verifyEmail(page: Page, email: string) {
    const { messages } = await (await page.request.get('/api/dev/mailbox')).json();
    const mail = messages.find((m: { to: string }) => m.to === email);
    expect(mail, `a verification mail to ${email}`).toBeTruthy();
    await page.goto(mail.links.find((l: string) => l.includes('verify-email')));
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Email verified').waitFor();
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.emailVerified).toBe(true);
  }

  it('buyer pays by card, seller accepts, buyer confirms, seller is paid and the platform keeps the fee', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-${i}-${j}`);
    });
    const seller = await person('seller', 'Sipho');
    await verifyEmail(seller.page, seller.email);
    const buyer = await person('buyer', 'Bongani');

    // The buyer creates the transaction.
    const b = buyer.page;
    await b.goto('/create-transaction');
    await b.getByLabel('Amount').fill('250.00');
    await b.getByText('Limits:').first().waitFor();
    const submit = b.getByRole('button', { name: 'Create Transaction' });

    // The shared schema's messages show under their fields, tied to them, at phone and desktop widths.
    const sellerEmail = b.getByLabel('Seller Email');
    await sellerEmail.fill('not-an-address');
    await b.getByLabel('Description').fill('Refurbished camera kit');
    await b.getByRole('button', { name: 'Create Transaction', disabled: false }).waitFor();
    await submit.click();
    await b.getByText('Enter a valid seller email address').waitFor();
    expect(await sellerEmail.getAttribute('aria-invalid')).toBe('true');
    expect(await sellerEmail.getAttribute('aria-describedby')).toContain('sellerEmail-error');
    await b.getByLabel('Amount').fill('10');
    await b.getByText(/Amount must be at least/).waitFor();
    await screenshot(b, 'create-transaction-errors-1280');
    await b.setViewportSize({ width: 390, height: 900 });
    await screenshot(b, 'create-transaction-errors-390');
    await b.getByLabel('Amount').fill('250.00');
    await sellerEmail.fill(seller.email);
    await b.getByText('Enter a valid seller email address').waitFor({ state: 'detached' });
    await b.getByRole('button', { name: 'Create Transaction', disabled: false }).waitFor();
    await screenshot(b, 'create-transaction-390');
    await b.setViewportSize({ width: 1280, height: 900 });
    await screenshot(b, 'create-transaction-1280');
    await submit.click();
    await b.waitForURL('**/transactions');
    await b.getByText('Transaction created successfully').first().waitFor();
    const [created] = await (await b.request.get('/api/transactions')).json();
    expect(created).toMatchObject({
      amount: '250.00',
      fee: '7.50',
      total: '257.50',
      currency: 'ZAR',
      status: 'pending',
    });

    // The list's row opens the deal, where its actions are. A declined card shows 'Payment Failed' and
    // moves no money.
    await b
      .getByRole('list', { name: 'Transactions' })
      .getByRole('link', { name: /Refurbished camera kit/ })
      .first()
      .click();
    await b.waitForURL(`**/transactions/${created.id}`);
    await b.getByRole('link', { name: 'Fund Transaction' }).first().click();
    await b.waitForURL(`**/transactions/${created.id}/checkout`);
    await b.getByLabel('Card number').fill('4000 0000 0000 0002');
    await b.getByLabel('Expiry').fill('12/34');
    await b.getByLabel('CVC').fill('123');
    await b.getByRole('button', { name: /^Pay [^f]/ }).click();
    await b.getByText('Payment Failed').first().waitFor();
    await b.getByText('Your card was declined.').first().waitFor();
    await screenshot(b, 'checkout-declined-1280');
    expect((await (await b.request.get(`/api/transactions/${created.id}`)).json()).paymentStatus).toBe('unpaid');

    // 4242… succeeds; the server decides and funds escrow.
    await b.getByLabel('Card number').fill('4242 4242 4242 4242');
    await b.getByRole('button', { name: /^Pay [^f]/ }).click();
    await b.waitForURL(`**/transactions/${created.id}?payment=success`);
    await b.getByText('Payment Successful').first().waitFor();
    expect((await (await b.request.get(`/api/transactions/${created.id}`)).json()).paymentStatus).toBe('succeeded');

    // The seller accepts with a delivery date.
    const s = seller.page;
    await s.goto('/transactions');
    await s.getByRole('list', { name: 'Transactions' }).getByRole('link').first().click();
    await s.waitForURL(`**/transactions/${created.id}`);
    await s.getByRole('button', { name: 'Accept' }).first().click();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await s.getByLabel('Expected Delivery Date (optional)').fill(tomorrow);
    await s.getByLabel('Delivery Notes (optional)').fill('Courier, tracking number by email');
    await s.getByRole('button', { name: 'Accept Transaction' }).click();
    await s.getByText('Transaction Accepted').first().waitFor();
    const accepted = await (await s.request.get(`/api/transactions/${created.id}`)).json();
    expect(accepted).toMatchObject({ status: 'active', expectedDeliveryDate: tomorrow });

    // The buyer confirms with the phrase (trimmed, upper-cased).
    await b.goto(`/transactions/${created.id}`);
    const phrase = b.getByLabel('Confirmation phrase');
    const confirm = b.getByRole('button', { name: /Confirm Receipt/ });
    await phrase.fill('i have received my');
    expect(await confirm.isDisabled()).toBe(true);
    await phrase.fill('  i have received my item ');
    await confirm.click();
    await b.getByText('Transaction confirmed and funds released').first().waitFor();
    await b.getByText('Funds have been released to the seller.').first().waitFor();

    // The seller's wallet shows the amount; the fee stays with the platform.
    await s.goto('/deposit-funds');
    await s.getByText(formatMoney('250.00', 'ZAR')).first().waitFor();
    await screenshot(s, 'wallet-seller-1280');
    const balance = await (await s.request.get('/api/wallet/balance')).json();
    expect(balance).toMatchObject({ currency: 'ZAR', balance: '250.00' });

    // Both parties review each other; View Reviews shows both, comments as text.
    await b.getByRole('button', { name: 'Review the seller' }).click();
    await b.getByText('Very Good').click();
    await b.getByLabel('Comment (optional)').fill('Well packed <i>and</i> quick');
    await b.getByText('28/500').waitFor();
    await expectNoAxeViolations(b, 'review dialog');
    await b.getByRole('button', { name: 'Submit Review' }).click();
    await b.getByText('Review Submitted').first().waitFor();
    await b.getByText('You have reviewed the seller.').waitFor();
    await s.goto(`/transactions/${created.id}`);
    await s.getByRole('button', { name: 'Review the buyer' }).click();
    await s.getByRole('button', { name: 'Submit Review' }).click();
    await s.getByText('Review Submitted').first().waitFor();
    await s.getByRole('button', { name: 'View Reviews' }).click();
    await s.getByText('Well packed <i>and</i> quick').waitFor();
    await s.getByText('Excellent').waitFor();
    for (const width of [390, 1280]) {
      await s.setViewportSize({ width, height: 900 });
      await screenshot(s, `transaction-reviews-${width}`);
      await expectNoHorizontalOverflow(s, `reviews at ${width}px`);
      await expectNoAxeViolations(s, `reviews at ${width}px`);
    }
    const reviews = await (await s.request.get(`/api/transactions/${created.id}/reviews`)).json();
    expect(reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);

    const adminContext = await browser.newContext({ baseURL: server.url });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    const login = await admin.request.post('/api/auth/admin/login', {
      data: { email: 'admin@holdfast.dev', password: 'Holdfast-demo-1' },
    });
    expect(login.status()).toBe(200);
    const stats = await (await admin.request.get('/api/admin/stats')).json();
    expect(stats.fees).toEqual([{ currency: 'ZAR', balance: '7.50' }]);
    // Only the demo data's funded transaction (R 875,50) is still held in escrow; ours was released.
    expect(stats.escrow).toEqual([{ currency: 'ZAR', balance: '875.50' }]);
  });

  it('a buyer deposits into the wallet by card', async () => {
    const buyer = await person('buyer', 'Naledi');
    const page = buyer.page;
    await page.goto('/wallet/deposit');
    // A deposit starts in the wallet's own currency (issue 32); this one is in dollars.
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /^USD/ }).click();
    await page.getByLabel('Amount').fill('20');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay [^f]/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Deposit Successful').first().waitFor();
    const balance = await (await page.request.get('/api/wallet/balance')).json();
    expect(balance.balances).toContainEqual({ currency: 'USD', balance: '20.00' });
    // The dashboard's wallet card names every currency held, not only the wallet's own.
    const card = page.getByRole('region', { name: 'Statistics' });
    await card.getByText(formatMoney('20.00', 'USD')).waitFor();
  });
});
