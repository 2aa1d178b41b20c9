import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONFIRMATION_PHRASE, formatMoney } from '@holdfast/contracts';
import { browserMissing, launchBrowser, lookAtBothWidths, screenshot, signInThroughForm } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Pay in stages (issue 29, decision 033): a service of R 30 000 hired in three milestones. The demo buyer
 * and seller are at verification tier 2, so a deal above R 5 000 is theirs to make.
 */
describe.skipIf(browserMissing)('a service hired in three stages', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
  const zar = (v: string) => formatMoney(v, 'ZAR');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(email: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signInThroughForm(page, email);
    return page;
  }

  /** Money into the buyer's wallet by a sandbox card, so milestones can be funded from the wallet. */
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

  const milestone = (page: Page, n: number) => page.getByTestId('milestone').nth(n - 1);

  it('the buyer creates three milestones, the seller accepts, milestone 1 is funded, delivered and confirmed', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-milestones-${i}-${j}`);
    });
    const b = await signedIn('buyer@holdfast.dev');
    await deposit(b, '7000.00');

    // The create form: a service is paid in stages by default; three rows, the amount is their sum.
    await b.goto('/create-transaction');
    await b.getByText('Service', { exact: true }).click();
    await expect.poll(() => b.getByRole('switch', { name: 'Pay in stages' }).getAttribute('aria-checked')).toBe('true');
    await b.getByRole('button', { name: 'Add milestone' }).click();
    const stages = [
      { title: 'Design approved', amount: '10000.00' },
      { title: 'Build delivered', amount: '12000.00' },
      { title: 'Launch and handover', amount: '8000.00' },
    ];
    for (const [i, s] of stages.entries()) {
      await b.getByLabel(`Title of milestone ${i + 1}`).fill(s.title);
      await b.getByLabel(`Amount of milestone ${i + 1}`).fill(s.amount);
    }
    await b.getByLabel('Due date (optional)').first().fill('2030-01-31');
    expect(await b.getByLabel('Amount', { exact: true }).inputValue()).toBe('30000.00');
    expect(await b.getByLabel('Amount', { exact: true }).getAttribute('readonly')).not.toBeNull();
    // The fee per milestone (3% of each) and in total.
    await b.getByText(`Fee (3%) ${zar('300.00')} · You pay ${zar('10300.00')}`).waitFor();
    await b.getByTestId('milestones-total').getByText(zar('30900.00')).waitFor();
    await b.getByLabel('Service Provider Email').fill('seller@holdfast.dev');
    await b.getByLabel('Description').fill('Online shop: design, build and launch');
    await lookAtBothWidths(b, 'milestones-create');
    await b.getByRole('button', { name: 'Create Transaction', disabled: false }).click();
    await b.waitForURL('**/transactions');
    const list = await (await b.request.get('/api/transactions')).json();
    const created = list.find(
      (t: { description: string }) => t.description === 'Online shop: design, build and launch',
    );
    expect(created).toMatchObject({ amount: '30000.00', fee: '900.00', total: '30900.00', status: 'pending' });
    const tx = await (await b.request.get(`/api/transactions/${created.id}`)).json();
    expect(tx.milestones.map((m: { title: string; amount: string }) => [m.title, m.amount])).toEqual(
      stages.map((s) => [s.title, s.amount]),
    );
    expect(tx.milestones[0].dueDate).toBe('2030-01-31');

    // The seller accepts the deal once, for every milestone.
    const s = await signedIn('seller@holdfast.dev');
    await s.goto(`/transactions/${tx.id}`);
    await s.getByRole('button', { name: 'Accept' }).first().click();
    await s.getByRole('button', { name: 'Accept Transaction' }).click();
    await s.getByText('Transaction Accepted').first().waitFor();

    // The buyer funds milestone 1 (the stage ticked first) from the wallet at the checkout, after its review
    // step; the deal's own Fund button is not there.
    await b.goto(`/transactions/${tx.id}`);
    expect(
      await milestone(b, 1)
        .getByRole('checkbox', { name: /^Fund this stage\s*:\s*Design approved$/ })
        .isChecked(),
    ).toBe(true);
    await b.getByTestId('fund-stages-total').getByText(zar('10300.00')).waitFor();
    await expect.poll(() => b.getByRole('link', { name: 'Fund Transaction' }).count()).toBe(0);
    await b.getByRole('link', { name: 'Continue to payment' }).click();
    await b.waitForURL(`**/transactions/${tx.id}/checkout?milestones=${tx.milestones[0].id}`);
    await b.getByTestId('paying-for').getByText('Design approved').waitFor();
    await b.getByRole('button', { name: 'Pay from wallet', exact: true }).click();
    await b
      .getByRole('alertdialog', { name: 'Review your payment' })
      .getByRole('button', { name: `Pay ${zar('10300.00')}` })
      .click();
    await b.waitForURL(`**/transactions/${tx.id}`);
    await b.getByText('Payment Successful').first().waitFor();
    await expect.poll(() => milestone(b, 1).getAttribute('data-status')).toBe('funded');

    // The seller sees it funded and marks it delivered.
    await s.reload();
    await expect.poll(() => milestone(s, 1).getAttribute('data-status')).toBe('funded');
    await expect.poll(() => milestone(s, 2).getByRole('button', { name: 'Mark as delivered' }).count()).toBe(0);
    await milestone(s, 1).getByRole('button', { name: 'Mark as delivered' }).click();
    await s.getByRole('dialog').getByLabel('Note').fill('Mock-ups in the shared folder');
    await s.getByRole('button', { name: 'Confirm delivery' }).click();
    await s.getByText('Marked as delivered').first().waitFor();

    // The buyer sees its inspection countdown and confirms it with the spec's phrase.
    await b.reload();
    await expect.poll(() => milestone(b, 1).getAttribute('data-status')).toBe('delivered');
    await milestone(b, 1)
      .getByTestId('milestone-countdown')
      .getByText(/Releases automatically in/)
      .waitFor();
    await lookAtBothWidths(b, 'milestones-delivered-buyer');
    await milestone(b, 1).getByLabel('Confirmation phrase').fill(CONFIRMATION_PHRASE.toLowerCase());
    await milestone(b, 1).getByRole('button', { name: 'Confirm Receipt & Release Funds' }).click();
    await b.getByText('Milestone confirmed and funds released').first().waitFor();

    // Milestone 1 released, milestone 2 is the current stage and waits for its money.
    await expect.poll(() => milestone(b, 1).getAttribute('data-status')).toBe('released');
    expect(await milestone(b, 2).getAttribute('aria-current')).toBe('step');
    await b.getByTestId('milestone-stepper').getByText('1 of 3 released').waitFor();
    await milestone(b, 2)
      .getByRole('checkbox', { name: /^Fund this stage\s*:\s*Build delivered$/, checked: true })
      .waitFor();
    await b.getByTestId('fund-stages-total').getByText(zar('12360.00')).waitFor();
    await lookAtBothWidths(b, 'milestones-stepper-buyer');

    const after = await (await b.request.get(`/api/transactions/${tx.id}`)).json();
    expect(after.status).toBe('active');
    expect(after.milestones.map((m: { status: string }) => m.status)).toEqual(['released', 'unfunded', 'unfunded']);

    await s.reload();
    await expect.poll(() => milestone(s, 1).getAttribute('data-status')).toBe('released');
    await lookAtBothWidths(s, 'milestones-stepper-seller');
  });
});
