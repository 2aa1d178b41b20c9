import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatMoney, WITHDRAWAL_ARRIVES, WITHDRAWAL_MESSAGES as M } from '@holdfast/contracts';
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
 * Withdrawals in the browser: the demo buyer (R 4 124,50 in the wallet) withdraws to a bank account, sees
 * the withdrawal pending in the wallet activity and, once the sandbox payout settles a few seconds later
 * (the real clock; the server looks for due jobs every 200 ms), paid. An account number ending 0000 fails
 * and the money comes back.
 */
describe.skipIf(browserMissing)('withdrawing from the wallet', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ JOBS_POLL_MS: '200' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A toast's text (Radix also repeats it in a screen-reader announcement). */
  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const zar = (amount: string) => formatMoney(amount, 'ZAR');
  const balance = (page: Page, amount: string) =>
    page
      .getByTestId('wallet-balance')
      .filter({ hasText: formatMoney(amount, 'ZAR') })
      .waitFor();
  /** The wallet activity row with this description, showing this status badge. */
  const activityRow = (page: Page, description: string, status: string) =>
    page
      .getByRole('list', { name: 'Wallet activity' })
      .getByRole('listitem')
      .filter({ hasText: description })
      .filter({ has: page.getByText(status, { exact: true }) })
      .first()
      .waitFor();

  async function openWithdraw(page: Page) {
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
    return page.getByRole('dialog', { name: 'Withdraw Funds' });
  }

  /** The review step before the money leaves: its rows, then Withdraw <amount> sends the request. */
  async function confirmReview(page: Page, amount: string, rows: string[], name?: string, currency = 'ZAR') {
    const review = page.getByRole('alertdialog', { name: 'Review your withdrawal' });
    await review.waitFor();
    for (const text of rows) await review.getByTestId('review-rows').getByText(text, { exact: true }).first().waitFor();
    if (name) await lookAtBothWidths(page, name);
    await review.getByRole('button', { name: `Withdraw ${formatMoney(amount, currency)}`, exact: true }).click();
  }

  /** Money in another currency for the signed-in person: a sandbox card deposit through the API. */
  async function deposit(page: Page, amount: string, currency: string) {
    const key = () => ({ 'Idempotency-Key': randomUUID() });
    const started = await page.request.post('/api/wallet/deposit', { data: { amount, currency }, headers: key() });
    expect(started.status(), await started.text()).toBe(200);
    const { clientSecret } = await started.json();
    const paid = await page.request.post('/api/payments/sandbox/confirm', {
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      headers: key(),
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }

  /** The withdraw form in this currency: picked from the held balances. */
  async function openWithdrawIn(page: Page, currency: string) {
    const dialog = await openWithdraw(page);
    await dialog.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: new RegExp(`^${currency} `) }).click();
    await dialog.getByRole('combobox', { name: 'Currency' }).filter({ hasText: currency }).waitFor();
    return dialog;
  }

  /** The field's hint is shown and read with it (aria-describedby). */
  async function hint(dialog: Locator, label: string, text: string) {
    const hintId = await dialog.getByText(text, { exact: true }).getAttribute('id');
    expect(await dialog.getByLabel(label, { exact: true }).getAttribute('aria-describedby')).toContain(hintId);
  }

  it('withdraws, sees it pending, then paid; a rejected account gets its money back', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    onTestFailed(() => reportFailure(page, 'withdrawals-failure'));

    await signInThroughForm(page, 'buyer@holdfast.dev');
    await page.goto('/deposit-funds');
    await balance(page, '4124.50');

    // The dialog checks the contract's rules and the balance before anything is sent.
    let dialog = await openWithdraw(page);
    await dialog.getByText(`Available: ${formatMoney('4124.50', 'ZAR')}.`, { exact: false }).waitFor();
    await dialog.getByText(`Minimum withdrawal is ${formatMoney('100.00', 'ZAR')}.`, { exact: false }).waitFor();
    await dialog.getByLabel('Amount').fill('50');
    await dialog.getByLabel('Account holder name').fill('Demo Buyer');
    await dialog.getByLabel('Bank name').fill('FNB');
    await dialog.getByLabel('Branch code').fill('2506');
    await dialog.getByLabel('Account number').fill('6200 1234 5678');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await dialog.getByText('Enter the 6-digit branch code', { exact: true }).waitFor();
    await dialog.getByLabel('Branch code').fill('250655');
    await dialog.getByText(`Minimum withdrawal is ${formatMoney('100.00', 'ZAR')}`, { exact: true }).waitFor();
    await dialog.getByLabel('Amount').fill('5000');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    // Once submitted, the form checks fields as they change: this error shows before the click.
    await dialog.getByText('Insufficient wallet balance', { exact: true }).waitFor();
    await dialog.getByLabel('Account number').fill('12 34');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await dialog.getByText('Enter the account number: 6 to 34 digits', { exact: true }).waitFor();

    await dialog.getByLabel('Amount').fill('150');
    await dialog.getByLabel('Account number').fill('6200 1234 5678');
    await lookAtBothWidths(page, 'withdraw-dialog');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    // Back keeps what was typed; the review shows the account masked, no fee and when it arrives.
    const summary = [zar('150.00'), 'Demo Buyer', 'FNB · branch 250655', '•••• 5678', 'None', WITHDRAWAL_ARRIVES];
    await page
      .getByRole('alertdialog', { name: 'Review your withdrawal' })
      .getByRole('button', { name: 'Back' })
      .click();
    await dialog.getByLabel('Branch code').waitFor();
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await confirmReview(page, '150.00', summary, 'withdraw-review');
    await toast(page, 'Withdrawal requested');
    await balance(page, '3974.50');
    await activityRow(page, 'Withdrawal to account ending 5678', 'Pending');
    await lookAtBothWidths(page, 'wallet-withdrawal-pending');

    // The sandbox settles about five seconds later; the list refreshes itself while a payout is pending.
    await activityRow(page, 'Withdrawal to account ending 5678', 'Completed');

    dialog = await openWithdraw(page);
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByLabel('Account holder name').fill('Demo Buyer');
    await dialog.getByLabel('Bank name').fill('FNB');
    await dialog.getByLabel('Branch code').fill('250655');
    await dialog.getByLabel('Account number').fill('1234 0000');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await expectNoAxeViolations(page, 'withdraw review');
    await confirmReview(page, '100.00', ['•••• 0000']);
    await toast(page, 'Withdrawal requested');
    await balance(page, '3874.50');
    await activityRow(page, 'Withdrawal to account ending 0000', 'Failed');
    await activityRow(page, 'Withdrawal returned: The bank rejected the account number', 'Completed');
    await balance(page, '3974.50');
    await lookAtBothWidths(page, 'wallet-withdrawals-settled');
    await context.close();
  });

  it('asks a Canadian bank for its institution, transit and account number, an Australian one for its BSB', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    onTestFailed(() => reportFailure(page, 'withdrawals-ca-au-failure'));
    await signInThroughForm(page, 'buyer@holdfast.dev');
    await deposit(page, '100.00', 'CAD');
    await deposit(page, '100.00', 'AUD');
    await page.goto('/deposit-funds');

    // Canada (EFT): three numbers, each with its length; wrong ones are named under their fields.
    let dialog = await openWithdrawIn(page, 'CAD');
    await hint(dialog, 'Institution number', '3 digits that identify your bank (e.g. 003).');
    await hint(dialog, 'Transit number', '5 digits that identify your branch.');
    await hint(dialog, 'Account number', '7 to 12 digits. We keep only the last four.');
    await expect.poll(() => dialog.getByLabel('Bank name').count()).toBe(0);
    await dialog.getByLabel('Amount').fill('20');
    await dialog.getByLabel('Account holder name').fill('Demo Buyer');
    await dialog.getByLabel('Institution number').fill('03');
    await dialog.getByLabel('Transit number').fill('1234');
    await dialog.getByLabel('Account number').fill('123 456');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    for (const message of [M.invalidInstitutionNumber, M.invalidTransitNumber, M.invalidCaAccountNumber])
      await dialog.getByText(message, { exact: true }).waitFor();
    await lookAtBothWidths(page, 'withdraw-cad-errors');
    // Typed as the bank prints them, with hyphens and spaces.
    await dialog.getByLabel('Institution number').fill('003');
    await dialog.getByLabel('Transit number').fill('12-345');
    await dialog.getByLabel('Account number').fill('1234 5678');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await confirmReview(
      page,
      '20.00',
      ['Demo Buyer', 'institution 003 · transit 12345', '•••• 5678', WITHDRAWAL_ARRIVES],
      'withdraw-review-cad',
      'CAD',
    );
    await toast(page, 'Withdrawal requested');
    await dialog.waitFor({ state: 'hidden' });

    // Australia: the BSB (as 062-000) and an account number of 6 to 10 digits.
    dialog = await openWithdrawIn(page, 'AUD');
    await hint(dialog, 'BSB', '6 digits that identify your branch.');
    await hint(dialog, 'Account number', '6 to 10 digits. We keep only the last four.');
    await expect.poll(() => dialog.getByLabel('Institution number').count()).toBe(0);
    await dialog.getByLabel('Amount').fill('30');
    await dialog.getByLabel('Account holder name').fill('Demo Buyer');
    await dialog.getByLabel('BSB').fill('062-00');
    await dialog.getByLabel('Account number').fill('1234 5678 901');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await dialog.getByText(M.invalidBsb, { exact: true }).waitFor();
    await dialog.getByText(M.invalidAuAccountNumber, { exact: true }).waitFor();
    await lookAtBothWidths(page, 'withdraw-aud-errors');
    await dialog.getByLabel('BSB').fill('062-000');
    await dialog.getByLabel('Account number').fill('1234 5678');
    await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
    await confirmReview(page, '30.00', ['BSB 062-000', '•••• 5678'], 'withdraw-review-aud', 'AUD');
    await toast(page, 'Withdrawal requested');
    await page
      .getByRole('list', { name: 'Other balances' })
      .getByText(formatMoney('70.00', 'AUD'), { exact: true })
      .waitFor();
    await context.close();
  });
});
