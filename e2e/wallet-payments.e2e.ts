import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '@holdfast/contracts';
import {
  browserMissing,
  expectNoAxeViolations,
  launchBrowser,
  lookAtBothWidths,
  reportFailure,
  signInThroughForm,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Paying a deal from the wallet (issue 32, item 4): checkout offers the wallet first when it covers the
 * total, asks once more with the amount, fee, total and the balance after, and pays; when the wallet holds at
 * least half of a total it offers a top-up by the shortfall, a deposit prefilled in the deal's currency.
 * The demo buyer starts with R 4 124,50 in the wallet; the wallet page shows every currency held.
 */
describe.skipIf(browserMissing)('paying from the wallet', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const zar = (amount: string) => formatMoney(amount, 'ZAR');

  async function createDeal(page: Page, amount: string, description: string): Promise<string> {
    const res = await page.request.post('/api/transactions', {
      data: { amount, currency: 'ZAR', sellerEmail: 'seller@holdfast.dev', description },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id;
  }

  /** Continue to Payment on the deposit form, then the sandbox's succeeding test card. */
  async function payDepositByCard(page: Page, amount: string) {
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
  }

  it('pays through the review step, then offers a top-up when the wallet nearly covers a deal', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    onTestFailed(() => reportFailure(page, 'wallet-payments-failure'));
    await signInThroughForm(page, 'buyer@holdfast.dev');

    // R 1 000,00 + 3% = R 1 030,00, covered by R 4 124,50: the wallet comes before the card.
    const covered = await createDeal(page, '1000.00', 'Brand guidelines (wallet payment)');
    await page.goto(`/transactions/${covered}/checkout`);
    const payFromWallet = page.getByRole('button', { name: 'Pay from wallet', exact: true });
    await payFromWallet.waitFor();
    const walletBox = await payFromWallet.boundingBox();
    const cardBox = await page.getByText('Pay by card', { exact: true }).boundingBox();
    expect(walletBox!.y).toBeLessThan(cardBox!.y);
    await lookAtBothWidths(page, 'checkout-pay-from-wallet');

    await payFromWallet.click();
    const review = page.getByRole('alertdialog', { name: 'Review your payment' });
    const rows = review.getByTestId('review-rows');
    for (const [label, value] of [
      ['Amount', zar('1000.00')],
      ['Service fee (3%)', zar('30.00')],
      ['Total', zar('1030.00')],
      ['From', `Your ZAR wallet (${zar('4124.50')})`],
      ['Balance after', zar('3094.50')],
    ]) {
      await rows.locator('div').filter({ hasText: label! }).filter({ hasText: value! }).first().waitFor();
    }
    await lookAtBothWidths(page, 'checkout-wallet-review');
    // Back changes nothing; Pay R 1 030,00 pays.
    await review.getByRole('button', { name: 'Back' }).click();
    await review.waitFor({ state: 'hidden' });
    await payFromWallet.click();
    await review.getByRole('button', { name: `Pay ${zar('1030.00')}`, exact: true }).click();
    await page.waitForURL(`**/transactions/${covered}?payment=success`);

    // R 3 500,00 + 3% = R 3 605,00 against R 3 094,50: more than half, so a top-up of R 510,50.
    const nearly = await createDeal(page, '3500.00', 'Website build (top-up)');
    await page.goto(`/transactions/${nearly}/checkout`);
    const topUp = page.getByRole('link', { name: `Top up ${zar('510.50')}`, exact: true });
    await topUp.waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Pay from wallet' }).count()).toBe(0);
    await lookAtBothWidths(page, 'checkout-top-up');
    await topUp.click();
    await page.waitForURL('**/wallet/deposit?**');
    expect(await page.getByLabel('Amount').inputValue()).toBe('510.50');
    await page.getByRole('combobox', { name: 'Currency' }).filter({ hasText: 'ZAR' }).waitFor();
    await lookAtBothWidths(page, 'deposit-prefilled');

    // Paying the top-up by card comes back to the checkout, where the wallet now covers the deal exactly.
    await payDepositByCard(page, zar('510.50'));
    await page.waitForURL(`**/transactions/${nearly}/checkout`);
    await page.getByRole('button', { name: 'Pay from wallet', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Review your payment' })
      .getByTestId('review-rows')
      .locator('div')
      .filter({ hasText: 'Balance after' })
      .filter({ hasText: zar('0.00') })
      .waitFor();
    await page.getByRole('button', { name: 'Back' }).click();

    // A plain deposit starts in the wallet's own currency (ZAR), not the spec's USD.
    await page.goto('/wallet/deposit');
    await page.getByRole('combobox', { name: 'Currency' }).filter({ hasText: 'ZAR' }).waitFor();
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
    await expectNoAxeViolations(page, 'deposit');

    // A USD deposit: the wallet's headline then shows both currencies, each in its own format.
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /^USD/ }).click();
    await page.getByLabel('Amount').fill('20');
    await payDepositByCard(page, formatMoney('20.00', 'USD'));
    await page.waitForURL('**/dashboard');
    await page.goto('/deposit-funds');
    const others = page.getByRole('list', { name: 'Other balances' });
    await others.getByText(formatMoney('20.00', 'USD'), { exact: true }).waitFor();
    await page
      .getByTestId('wallet-balance')
      .filter({ hasText: zar('3605.00') })
      .waitFor();
    await lookAtBothWidths(page, 'wallet-every-currency');
    await context.close();
  });
});
