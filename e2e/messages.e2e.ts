import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, launchBrowser, lookAtBothWidths, screenshot, signInThroughForm } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

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

describe.skipIf(browserMissing)('private messages in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
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
    await bubble(seller, 'Is the record player still available?').waitFor({ timeout: 1000 });
    await expect(bubble(seller, 'Hello Sipho!').innerText()).resolves.toContain(
      'Hello Sipho!\nIs the record player still available?',
    );
    // The seller had it open, so it is read at once: the buyer's single tick turns double, live.
    await bubble(buyer, 'Hello Sipho!').getByText('Read', { exact: true }).waitFor({ timeout: 3000 });

    // The seller answers; a blank message is not sent.
    await composer(seller).fill('   ');
    await composer(seller).press('Enter');
    await expect(composer(seller).inputValue()).resolves.toBe('   ');
    await composer(seller).fill('Yes! It comes with <b>two</b> spare needles.');
    await composer(seller).press('Enter');
    await bubble(buyer, 'It comes with <b>two</b> spare needles.').waitFor({ timeout: 1000 });
    // Shown as text, never as HTML.
    await expect(buyer.locator('b', { hasText: 'two' }).count()).resolves.toBe(0);

    // The seller's own message shows one tick until the buyer reads it, which the open page does at once.
    await bubble(seller, 'spare needles').getByText('Read', { exact: true }).waitFor({ timeout: 3000 });

    // A message about the other deal: the buyer's list shows it with an unread badge, live.
    await seller.goto('/messages');
    await item(seller, LOGO).click();
    await composer(seller).fill('The first concepts are ready for you.');
    await composer(seller).press('Enter');
    const logoItem = item(buyer, LOGO);
    await logoItem.filter({ hasText: 'The first concepts are ready for you.' }).waitFor({ timeout: 1000 });
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
    await item(buyer, LOGO).filter({ hasText: 'Did you have a look?' }).waitFor({ timeout: 2000 });

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
});
