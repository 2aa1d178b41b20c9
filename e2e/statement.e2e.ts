import { readFile } from 'node:fs/promises';
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
 * Records in the browser: the demo buyer (a R 5 000,00 deposit, R 875,50 paid into a deal still under way)
 * sees what is held in escrow beside the balance, reads the wallet statement with its running balance and
 * downloads it as CSV and PDF.
 */
describe.skipIf(browserMissing)('the wallet statement and money in flight', () => {
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

  async function download(page: Page, name: string) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name, exact: true }).click(),
    ]);
    return { name: file.suggestedFilename(), body: await readFile((await file.path())!) };
  }

  it('shows held in escrow, the statement with running balances, and downloads it', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    onTestFailed(() => reportFailure(page, 'statement-failure'));
    await signInThroughForm(page, 'buyer@holdfast.dev');

    await page.goto('/dashboard');
    await page
      .getByTestId('money-in-flight')
      .getByText(`Held in escrow: ${zar('875.50')}`)
      .waitFor();
    await lookAtBothWidths(page, 'dashboard-money-in-flight');

    await page.goto('/deposit-funds');
    await page
      .getByTestId('money-in-flight')
      .getByText(`Held in escrow: ${zar('875.50')}`)
      .waitFor();
    const table = page.getByRole('table', { name: 'Statement movements' });
    const rows = table.getByRole('row');
    await rows
      .filter({ hasText: 'Deposit by card' })
      .filter({ hasText: zar('5000.00') })
      .waitFor();
    await rows
      .filter({ hasText: 'Payment for' })
      .filter({ hasText: zar('4124.50') })
      .waitFor();
    await page.getByText('Closing balance').waitFor();
    await page.getByRole('heading', { name: 'Statement' }).scrollIntoViewIfNeeded();
    await lookAtBothWidths(page, 'wallet-statement');
    await expectNoAxeViolations(page, 'wallet with statement');

    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(/^holdfast-statement-ZAR-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const lines = csv.body.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Description,Amount,Balance,Currency,Transaction');
    expect(lines.some((l) => l.includes(',Deposit by card,5000.00,5000.00,ZAR,'))).toBe(true);
    expect(lines.at(-1)).toMatch(/,Closing balance,,4124.50,ZAR,$/);

    const pdf = await download(page, 'Download PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    // A range with nothing in it says so, and keeps the balance it opened with.
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-31');
    await page.getByText('No movements in this range.').waitFor();
    await context.close();
  });
});
