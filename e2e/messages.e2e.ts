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

const CONVERSATIONS = 51; // one page of 50 and one more
const THREAD = 55; // the web asks threads for 50 at a time (THREAD_PAGE_SIZE): the earliest 5 on a second page
const RECORD_PLAYER = 'Vintage record player, fully serviced';
const LOGO = 'Logo design for a coffee shop (3 concepts)';

/** A conversation's item in the list, by its transaction's description. */
const item = (page: Page, description: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: description });
/** A message bubble in the open thread, by its text. */
const bubble = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Messages with/ })
    .getByRole('listitem')
    .filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
// Nothing on /messages polls (lib/query-client.ts: no interval, no refetch on focus), so what appears on the
// other party's open page came over its socket: the tests wait for it to appear, however long a busy machine takes.

describe.skipIf(browserMissing)('private messages in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ TRANSACTION_LIMIT_PER_HOUR: '1000' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  async function newPage(name: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    onTestFailed(async () => {
      await screenshot(page, `messages-failure-${name}`);
    });
    return page;
  }

  it('buyer and seller message each other live: read ticks, unread badges, search, archive, the back button', async () => {
    const buyer = await newPage('buyer');
    const seller = await newPage('seller');
    await signInThroughForm(buyer, 'buyer@holdfast.dev');
    await signInThroughForm(seller, 'seller@holdfast.dev');

    // The buyer's list: both transactions with the demo seller, nothing open yet.
    await buyer.goto('/messages');
    await buyer.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await buyer.getByText('Communicate with buyers and sellers about your transactions').waitFor();
    await item(buyer, RECORD_PLAYER).waitFor();
    await expect(item(buyer, LOGO).textContent()).resolves.toContain('Sipho Seller');
    await buyer.getByRole('heading', { name: 'Select a Conversation' }).waitFor();
    await lookAtBothWidths(buyer, 'messages-list');

    // Search by the other person's name or the description.
    const search = buyer.getByRole('searchbox', { name: 'Search conversations' });
    await expect(search.getAttribute('placeholder')).resolves.toBe('Search conversations...');
    await search.fill('record');
    await expect(buyer.getByRole('list', { name: 'Conversations' }).getByRole('link').count()).resolves.toBe(1);
    await search.fill('sipho');
    await expect(buyer.getByRole('list', { name: 'Conversations' }).getByRole('link').count()).resolves.toBe(2);
    await search.fill('bicycle');
    await buyer.getByText('No conversations found').waitFor();
    await search.fill('');

    // The buyer opens the record player's conversation: empty so far.
    await item(buyer, RECORD_PLAYER).click();
    await buyer.waitForURL(/\/messages\?conversation=/);
    const conversationId = new URL(buyer.url()).searchParams.get('conversation')!;
    await buyer.getByText('No messages yet. Start the conversation!').waitFor();

    // The seller arrives from the transaction's page (the deep link).
    await seller.goto(`/transactions/${conversationId}`);
    await seller.getByRole('link', { name: 'Message Buyer' }).click();
    await seller.waitForURL(`**/messages?conversation=${conversationId}`);
    await seller.getByRole('heading', { name: 'Bongani Buyer', level: 2 }).waitFor();
    await seller.getByText('No messages yet. Start the conversation!').waitFor();

    // Shift+Enter makes a new line, Enter sends; the seller's open page shows it without reloading.
    await composer(buyer).fill('Hello Sipho!');
    await composer(buyer).press('Shift+Enter');
    await composer(buyer).pressSequentially('Is the record player still available?');
    await expect(composer(buyer).inputValue()).resolves.toBe('Hello Sipho!\nIs the record player still available?');
    await composer(buyer).press('Enter');
    await bubble(buyer, 'Is the record player still available?').waitFor();
    await expect(composer(buyer).inputValue()).resolves.toBe('');
    await bubble(seller, 'Is the record player still available?').waitFor();
    await expect(bubble(seller, 'Hello Sipho!').innerText()).resolves.toContain(
      'Hello Sipho!\nIs the record player still available?',
    );
    // The seller had it open, so it is read at once: the buyer's single tick turns double, live.
    await bubble(buyer, 'Hello Sipho!').getByText('Read', { exact: true }).waitFor();

    // The seller answers; a blank message is not sent.
    await composer(seller).fill('   ');
    await composer(seller).press('Enter');
    await expect(composer(seller).inputValue()).resolves.toBe('   ');
    await composer(seller).fill('Yes! It comes with <b>two</b> spare needles.');
    await composer(seller).press('Enter');
    await bubble(buyer, 'It comes with <b>two</b> spare needles.').waitFor();
    // Shown as text, never as HTML.
    await expect(buyer.locator('b', { hasText: 'two' }).count()).resolves.toBe(0);

    // The seller's own message shows one tick until the buyer reads it, which the open page does at once.
    await bubble(seller, 'spare needles').getByText('Read', { exact: true }).waitFor();

    // A message about the other deal: the buyer's list shows it with an unread badge, live.
    await seller.goto('/messages');
    await item(seller, LOGO).click();
    await composer(seller).fill('The first concepts are ready for you.');
    await composer(seller).press('Enter');
    const logoItem = item(buyer, LOGO);
    await logoItem.filter({ hasText: 'The first concepts are ready for you.' }).waitFor();
    await expect(logoItem.innerText()).resolves.toMatch(/1\s*unread/);
    // Not opened yet: one tick on the seller's side.
    await bubble(seller, 'The first concepts are ready for you.').getByText('Sent', { exact: true }).waitFor();
    await lookAtBothWidths(buyer, 'messages-thread');

    // Opening it marks it read: the badge goes, and the seller's tick turns double.
    await logoItem.click();
    await bubble(buyer, 'The first concepts are ready for you.').waitFor();
    await bubble(seller, 'The first concepts are ready for you.').getByText('Read', { exact: true }).waitFor();
    await item(buyer, LOGO).getByText('unread').waitFor({ state: 'detached' });

    // A failed send says so and keeps the text.
    await buyer.route('**/api/messages', (route) => route.abort('failed'));
    await composer(buyer).fill('Will this arrive?');
    await composer(buyer).press('Enter');
    await buyer.getByText('Failed to send message', { exact: true }).first().waitFor();
    await expect(composer(buyer).inputValue()).resolves.toBe('Will this arrive?');
    await buyer.unroute('**/api/messages');
    await composer(buyer).fill('');

    // Archive: gone from the buyer's list only, back when a newer message arrives.
    await buyer.getByRole('button', { name: 'Conversation menu' }).click();
    await buyer.getByRole('menuitem', { name: 'Archive Conversation' }).click();
    await buyer.getByText('Conversation Archived', { exact: true }).first().waitFor();
    await buyer.waitForURL(/\/messages$/);
    await item(buyer, LOGO).waitFor({ state: 'detached' });
    await item(buyer, RECORD_PLAYER).waitFor();
    await item(seller, LOGO).waitFor();
    await composer(seller).fill('Did you have a look?');
    await composer(seller).press('Enter');
    await item(buyer, LOGO).filter({ hasText: 'Did you have a look?' }).waitFor();

    // Small screens: the list and the thread are separate views, with a back button between them.
    await buyer.setViewportSize({ width: 390, height: 844 });
    await item(buyer, RECORD_PLAYER).click();
    await bubble(buyer, 'spare needles').waitFor();
    await expect(buyer.getByRole('list', { name: 'Conversations' }).isVisible()).resolves.toBe(false);
    await buyer.getByRole('button', { name: 'Back to conversations' }).click();
    await buyer.waitForURL(/\/messages$/);
    await item(buyer, RECORD_PLAYER).waitFor();
    await expect(buyer.getByRole('heading', { name: 'Select a Conversation' }).isVisible()).resolves.toBe(false);
  });

  it('a long list loads more on scroll, a long thread loads earlier messages, and live messages still arrive once', async () => {
    const buyer = await newPage('paging-buyer');
    const seller = await newPage('paging-seller');
    await signInThroughForm(seller, 'seller@holdfast.dev');
    const email = uniqueEmail('pager');
    const registered = await buyer.request.post('/api/auth/register', {
      data: {
        firstName: 'Paula',
        lastName: 'Pager',
        email,
        password: 'Sturdy-pass-42',
        confirmPassword: 'Sturdy-pass-42',
        role: 'buyer',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const post = async (page: Page, url: string, data: object) => {
      const res = await page.request.post(url, { data, headers: { 'Idempotency-Key': randomUUID() } });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    // One page of conversations and one more: each transaction with the demo seller is one.
    const ids: string[] = [];
    for (let i = 1; i <= CONVERSATIONS; i += 1) {
      const t = await post(buyer, '/api/transactions', {
        amount: '100.00',
        currency: 'ZAR',
        sellerEmail: 'seller@holdfast.dev',
        description: `Paged deal ${String(i).padStart(2, '0')}`,
      });
      ids.push(t.id);
    }
    // A thread of one page of messages and one more, within both people's per-minute sending limits.
    const talk = ids.at(-1)!;
    const buyerId = (await (await buyer.request.get('/api/auth/user')).json()).id as string;
    const sellerId = (await (await seller.request.get('/api/auth/user')).json()).id as string;
    for (let i = 1; i <= 30; i += 1) {
      await post(buyer, '/api/messages', { conversationId: talk, content: `Buyer line ${i}`, receiverId: sellerId });
    }
    for (let i = 1; i <= THREAD - 30; i += 1) {
      await post(seller, '/api/messages', { conversationId: talk, content: `Seller line ${i}`, receiverId: buyerId });
    }

    // The list: the first 50, then the rest when the list is scrolled to its end, each once.
    await buyer.goto('/messages');
    const conversations = buyer.getByRole('list', { name: 'Conversations' });
    const links = conversations.getByRole('link');
    await waitForCount(conversations, buyer.getByRole('link'), 50);
    await buyer.getByRole('button', { name: 'Load more conversations' }).waitFor();
    await lookAtBothWidths(buyer, 'messages-list-first-page');
    await buyer.getByRole('button', { name: 'Load more conversations' }).scrollIntoViewIfNeeded();
    await waitForCount(conversations, buyer.getByRole('link'), CONVERSATIONS);
    await buyer.getByRole('button', { name: 'Load more conversations' }).waitFor({ state: 'detached' });
    const titles = await links.allTextContents();
    for (let i = 1; i <= CONVERSATIONS; i += 1) {
      expect(titles.filter((t) => t.includes(`Paged deal ${String(i).padStart(2, '0')}`))).toHaveLength(1);
    }

    // The thread opens with its latest messages at the bottom; scrolling up brings the earlier ones.
    await item(buyer, `Paged deal ${CONVERSATIONS}`).click();
    const thread = buyer.getByRole('region', { name: /^Messages with/ });
    const bubbles = thread.getByRole('listitem');
    const bubblesShown = (count: number) => waitForCount(thread, buyer.getByRole('listitem'), count);
    await bubble(buyer, `Seller line ${THREAD - 30}`).waitFor();
    await bubblesShown(50);
    // The oldest message (the buyer's first) is not among the latest 50.
    await expect.poll(() => thread.getByText('Buyer line 1', { exact: true }).count()).toBe(0);
    const earlier = buyer.getByRole('button', { name: 'Load earlier messages' });
    await earlier.waitFor({ state: 'attached' });
    await lookAtBothWidths(buyer, 'messages-thread-latest');
    // Where the oldest message shown sits in the pane, scrolled to the top (one step: the top loads more).
    const topOf = (text: string, scrollToTop = false) =>
      thread.evaluate(
        (el, [t, toTop]) => {
          if (toTop) el.scrollTop = 0;
          const p = [...el.querySelectorAll('p')].find((x) => x.textContent === t)!;
          return p.getBoundingClientRect().top - el.getBoundingClientRect().top;
        },
        [text, scrollToTop] as const,
      );
    const before = await topOf('Buyer line 6', true);
    await bubblesShown(THREAD);
    await earlier.waitFor({ state: 'detached' });
    // The earlier messages went in above it: the view did not jump.
    expect(Math.abs((await topOf('Buyer line 6')) - before)).toBeLessThan(4);
    expect(await thread.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    // A long thread scrolls inside its pane; the page itself does not grow below it.
    expect(await buyer.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1200);
    // Oldest first: the buyer's first message leads the thread now.
    await bubbles.first().getByText('Buyer line 1', { exact: true }).waitFor();
    await lookAtBothWidths(buyer, 'messages-thread-earlier');

    // A message arriving now is added at the end, once, with the earlier ones still there.
    await seller.goto(`/messages?conversation=${talk}`);
    await composer(seller).fill('One more thing, live.');
    await composer(seller).press('Enter');
    await bubble(buyer, 'One more thing, live.').waitFor();
    await bubblesShown(THREAD + 1);
    expect(await bubble(buyer, 'One more thing, live.').count()).toBe(1);
    await bubbles.last().getByText('One more thing, live.').waitFor();
  });
});
