import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserMissing,
  expectNoAxeViolations,
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
          amount: `${100 + i}.00`,
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

  /** The amount of each row shown, in minor units ("R 1 234,50" -> 123450). */
  async function amounts(page: Page): Promise<number[]> {
    const texts = await cards(page).evaluateAll((rows) =>
      rows.map((li) => li.querySelector('[data-column="amount"]')?.textContent ?? ''),
    );
    return texts.map((t) => Number(t.replace(/[^\d]/g, '')));
  }

  it('searches, sorts by amount across pages, narrows by amount and opens a row, at 390 and 1280 px', async () => {
    // The 55 'Paged order' deals of the first test (R 101 … R 155) and the demo buyer's own two.
    const page = await newPage();
    await signInThroughForm(page, 'buyer@holdfast.dev');
    await page.goto('/transactions');
    await cardsShown(page, 50);

    // A search asks the server: 'Paged order 01' is orders 010 to 019. The address keeps it.
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('Paged order 01');
    await cardsShown(page, 10);
    await page.waitForURL(/[?&]q=Paged\+order\+01/);
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('');
    await cardsShown(page, 50);

    // Sorted by amount, largest first, page after page in order: the cursor continues the sort.
    await page.getByLabel('Sort by').selectOption('amount_desc');
    await page.waitForURL(/sort=amount_desc/);
    await expect.poll(async () => (await amounts(page))[0]).toBeGreaterThanOrEqual(15500);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await cardsShown(page, EXTRA + 2);
    const sorted = await amounts(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));

    // The amount range, with the filters open: axe and both widths.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Minimum amount').fill('120');
    await page.getByLabel('Maximum amount').fill('130');
    await cardsShown(page, 11);
    expect(await amounts(page)).toEqual([13000, 12900, 12800, 12700, 12600, 12500, 12400, 12300, 12200, 12100, 12000]);
    await lookAtBothWidths(page, 'transactions-filters-open');
    // A range the wrong way round says so and asks for nothing new.
    await page.getByLabel('Maximum amount').fill('110');
    await page.getByText('The smallest amount must not be above the largest').waitFor();
    await expectNoAxeViolations(page, 'transactions-filters-error');
    await page.getByLabel('Maximum amount').fill('125.00');
    await cardsShown(page, 6);

    // On a phone the rows stay rows, and one opens its deal; Back returns to the same narrowed list.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'transactions-narrowed-390');
    const first = cards(page).first().getByRole('link');
    await expect(first.innerText()).resolves.toContain('Paged order 025');
    await first.click();
    await page.waitForURL(/\/transactions\/[0-9a-f-]{36}$/);
    await page.getByText('Paged order 025').first().waitFor();
    await page.goBack();
    await cardsShown(page, 6);
    expect(page.url()).toContain('minAmount=120');

    // Nothing matches: the spec's empty text, and a way back.
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('no such deal anywhere');
    await page.getByText('No transactions found').waitFor();
    await page.getByText('None match your search and filters.').waitFor();
    await lookAtBothWidths(page, 'transactions-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await cardsShown(page, 50);
  });

  it("the dashboard's stat cards fit on a phone's screen", async () => {
    const page = await newPage();
    await signInThroughForm(page, 'buyer@holdfast.dev');
    await page.setViewportSize({ width: 390, height: 844 });
    const stats = page.getByRole('region', { name: 'Statistics' });
    await stats.getByText('Wallet Balance').waitFor();
    const box = await stats.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(844);
    await lookAtBothWidths(page, 'dashboard-stats');
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
    await expect.poll(() => page.getByRole('button', { name: 'Load more transactions' }).count()).toBe(0);
  });
});
