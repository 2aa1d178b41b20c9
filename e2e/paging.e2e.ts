import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserMissing,
  launchBrowser,
  lookAtBothWidths,
  screenshot,
  signInThroughForm,
  uniqueEmail,
  waitForCount,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const EXTRA = 55; // the demo buyer's 2 plus these: more than one page of 50

/**
 * /transactions loads its next page on scroll: the demo buyer with more transactions than one page sees
 * the first 50 and a 'Load more transactions' button, scrolling to the end brings the rest (each once) and
 * the button goes away; the filter counts count all of them; a newcomer's short list has no button.
 */
describe.skipIf(browserMissing)('paged transactions list in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TRANSACTION_LIMIT_PER_HOUR: '1000' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      await screenshot(page, 'paging-failure').catch(() => undefined);
    });
    return page;
  }

  /** The list's own items (a card holds lists of its own). */
  const list = (page: Page) => page.getByRole('list', { name: 'Transactions' });
  const cards = (page: Page) => list(page).locator(':scope > li');
  const cardsShown = (page: Page, count: number) => waitForCount(list(page), page.locator(':scope > li'), count);

  it('shows the first page, then the rest when scrolled to the end', async () => {
    const page = await newPage();
    await signInThroughForm(page, 'buyer@holdfast.dev');
    for (let i = 1; i <= EXTRA; i += 1) {
      const res = await page.request.post('/api/transactions', {
        data: {
          amount: '100.00',
          currency: 'ZAR',
          sellerEmail: 'seller@holdfast.dev',
          description: `Paged order ${String(i).padStart(3, '0')}`,
        },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const total = EXTRA + 2;

    await page.goto('/transactions');
    await cardsShown(page, 50);
    const loadMore = page.getByRole('button', { name: 'Load more transactions' });
    await loadMore.waitFor();
    await page
      .getByRole('button', { name: /^All/ })
      .filter({ hasText: new RegExp(`^All${total}$`) })
      .waitFor();
    await lookAtBothWidths(page, 'transactions-first-page');

    // Scrolling to the end brings the next page, with nobody pressing the button.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await cardsShown(page, total);
    await loadMore.waitFor({ state: 'detached' });
    const titles = await cards(page).allTextContents();
    for (let i = 1; i <= EXTRA; i += 1) {
      expect(titles.filter((t) => t.includes(`Paged order ${String(i).padStart(3, '0')}`))).toHaveLength(1);
    }
    await lookAtBothWidths(page, 'transactions-all-pages');

    // A filter asks the server: the 55 new ones are pending, like one of the demo buyer's own. From the
    // top, so the list's end is out of view and the button (not scrolling) asks for the next page. The
    // press is dispatched where the button is: a click would scroll it into view, bringing the list's end
    // (watched 400 px ahead) with it, which can load the last page first and take the button away (CI).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /^Pending/ }).click();
    await cardsShown(page, 50);
    await page.getByRole('button', { name: 'Load more transactions' }).dispatchEvent('click');
    await cardsShown(page, EXTRA + 1);
    await page.getByRole('button', { name: 'Load more transactions' }).waitFor({ state: 'detached' });
  });

  it('shows a short list as before, without a Load more button', async () => {
    const page = await newPage();
    const email = uniqueEmail('pager');
    const res = await page.request.post('/api/auth/register', {
      data: {
        firstName: 'Short',
        lastName: 'List',
        email,
        password: 'Sturdy-pass-42',
        confirmPassword: 'Sturdy-pass-42',
        role: 'buyer',
      },
    });
    expect(res.status()).toBe(201);
    await page.goto('/transactions');
    await page.getByText('No transactions found').waitFor();
    expect(await page.getByRole('button', { name: 'Load more transactions' }).count()).toBe(0);
  });
});
