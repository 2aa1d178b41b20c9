import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  browserMissing,
  launchBrowser,
  lookAtBothWidths,
  screenshot,
  signInThroughForm,
  uniqueEmail,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { gotoWithSocket, nextPushed } from './support/socket.js';

const RECORD_PLAYER = 'Vintage record player, fully serviced';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, .+ unread)?$/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const unreadBadge = (page: Page) => page.getByTestId('notification-badge');

/** The seller writes to the buyer in the record player's conversation, through the Messages page. */
async function sellerWrites(seller: Page, text: string) {
  await seller.goto('/messages');
  await seller
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: RECORD_PLAYER })
    .click();
  const composer = seller.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await seller
    .getByRole('region', { name: /^Messages with/ })
    .getByText(text)
    .waitFor();
}

describe.skipIf(browserMissing)('the notification bell and email settings in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The notify job runs within a poll of the worker: 200 ms here, so the bell hears of it at once.
    server = await startServer({ JOBS_POLL_MS: '200' });
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
      await screenshot(page, `notifications-failure-${name}`);
    });
    return page;
  }

  it('a notification arrives live, is listed, read by a click and all read at once', async () => {
    const buyer = await newPage('buyer');
    const seller = await newPage('seller');
    await signInThroughForm(buyer, 'buyer@holdfast.dev');
    await signInThroughForm(seller, 'seller@holdfast.dev');

    // The demo buyer starts with notifications about the seeded deals. By keyboard: Enter opens the panel and
    // the focus moves into it, Enter on 'Mark all as read' reads them all, Escape closes it.
    // The bell's socket stays open while the buyer moves between pages (no reload until /dashboard below).
    const buyerSocket = await gotoWithSocket(buyer, '/transactions');
    await unreadBadge(buyer).waitFor();
    await expect(bell(buyer).getAttribute('aria-label')).resolves.toMatch(/^Notifications, \d\+? unread$/);
    await bell(buyer).focus();
    await buyer.keyboard.press('Enter');
    const markAll = panel(buyer).getByRole('button', { name: 'Mark all as read' });
    await markAll.waitFor();
    await expect(markAll.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await buyer.keyboard.press('Enter');
    await unreadBadge(buyer).waitFor({ state: 'detached' });
    await expect(bell(buyer).getAttribute('aria-label')).resolves.toBe('Notifications');
    await markAll.waitFor({ state: 'detached' });
    await expect(panel(buyer).getByText('Unread:').count()).resolves.toBe(0);
    // The button is gone; the focus stayed in the panel, so Escape still closes it.
    await expect(panel(buyer).evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    await buyer.keyboard.press('Escape');
    await panel(buyer).waitFor({ state: 'detached' });
    await expect(bell(buyer).evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // The seller writes; the buyer's open page shows the count without reloading (nothing polls: the socket).
    await sellerWrites(seller, 'The record player ships tomorrow morning.');
    await unreadBadge(buyer).waitFor();
    await expect(unreadBadge(buyer).textContent()).resolves.toBe('1');
    await expect(bell(buyer).getAttribute('aria-label')).resolves.toBe('Notifications, 1 unread');

    // Opening the bell lists it first (newest first), marked unread, with a relative time.
    await bell(buyer).click();
    const items = panel(buyer).getByRole('list', { name: 'Latest notifications' }).getByRole('listitem');
    const first = items.first();
    await expect(items.filter({ hasText: 'Unread:' }).count()).resolves.toBe(1);
    await first.getByText('New message from Sipho Seller').waitFor();
    await first.getByText('The record player ships tomorrow morning.').waitFor();
    await expect(first.innerText()).resolves.toMatch(/just now/);
    await first.getByText('Unread:').waitFor();
    await lookAtBothWidths(buyer, 'notifications-bell');

    // A click reads it and follows its link (the conversation); the count goes.
    await first.getByRole('link').click();
    await buyer.waitForURL(/\/messages\?conversation=/);
    await panel(buyer).waitFor({ state: 'detached' });
    await unreadBadge(buyer).waitFor({ state: 'detached' });
    await expect(bell(buyer).getAttribute('aria-label')).resolves.toBe('Notifications');
    await bell(buyer).click();
    await items.first().waitFor();
    await expect(items.first().getByText('Unread:').count()).resolves.toBe(0);
    await buyer.keyboard.press('Escape');

    // Another message while the buyer has that conversation open: it is seen there, so the bell hears of its
    // notification and marks it read by itself (the server agrees), keeping no count. The answer waited for
    // is the one naming this notification (an earlier click marked others read).
    const pushed = nextPushed(buyerSocket, (e) => e.type === 'notification');
    const readByItself = buyer.waitForResponse(async (r) => {
      if (new URL(r.url()).pathname !== '/api/notifications/read') return false;
      const { notificationId } = await pushed;
      return ((r.request().postDataJSON() as { ids?: string[] }).ids ?? []).includes(notificationId as string);
    });
    await sellerWrites(seller, 'Do you want it insured?');
    await buyer
      .getByRole('region', { name: /^Messages with/ })
      .getByText('Do you want it insured?')
      .waitFor();
    expect((await readByItself).status()).toBe(200);
    const res = await buyer.request.get('/api/notifications');
    const { notifications } = (await res.json()) as { notifications: { body: string; readAt: string | null }[] };
    expect(notifications[0].body).toContain('Do you want it insured?');
    expect(notifications[0].readAt).not.toBeNull();
    await expect(bell(buyer).getAttribute('aria-label')).resolves.toBe('Notifications');

    // Two more while the buyer is elsewhere (the open conversation would read them at once): both counted,
    // then 'Mark all as read' clears them, and a reload agrees (it was saved, not only shown).
    await buyer.goto('/dashboard');
    await sellerWrites(seller, 'Tracking number follows.');
    await sellerWrites(seller, 'Packed and labelled.');
    // The bell hears of every message (only the emails are limited to one an hour per conversation).
    await buyer.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await bell(buyer).click();
    await panel(buyer).getByRole('button', { name: 'Mark all as read' }).click();
    await unreadBadge(buyer).waitFor({ state: 'detached' });
    await expect(panel(buyer).getByText('Unread:').count()).resolves.toBe(0);
    await buyer.reload();
    await bell(buyer).waitFor();
    await expect(bell(buyer).getAttribute('aria-label')).resolves.toBe('Notifications');
  });

  it('a newcomer has an empty bell: no count, and a panel that says so', async () => {
    const email = uniqueEmail('newcomer');
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Naledi',
        lastName: 'Dlamini',
        email,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        role: 'buyer',
      }),
    });
    expect(registered.status).toBe(201);
    const page = await newPage('newcomer');
    await signInThroughForm(page, email);
    await bell(page).click();
    await panel(page).getByText("You're all caught up").waitFor();
    await expect(bell(page).getAttribute('aria-label')).resolves.toBe('Notifications');
    await expect(unreadBadge(page).count()).resolves.toBe(0);
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' }).count()).resolves.toBe(0);
    await lookAtBothWidths(page, 'notifications-empty');
  });

  it('an email category turned off in Profile Settings stays off; a refused change is put back', async () => {
    const page = await newPage('settings');
    await signInThroughForm(page, 'seller@holdfast.dev');
    await page.goto('/profile-settings');
    await page.getByRole('heading', { name: 'Email notifications' }).waitFor();
    await page.getByText('Emails about money and security').waitFor();
    const messages = page.getByRole('switch', { name: 'Private messages' });
    await messages.waitFor();
    for (const name of ['Transaction updates', 'Disputes', 'Private messages', 'Support'])
      await expect(page.getByRole('switch', { name }).getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Email notifications' }).scrollIntoViewIfNeeded();
    await lookAtBothWidths(page, 'notifications-settings');

    // Off, saved at once with the spec's toast, and still off after a reload.
    await messages.click();
    await page.getByText('Settings Updated', { exact: true }).first().waitFor();
    await expect(messages.getAttribute('aria-checked')).resolves.toBe('false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private messages' }).getAttribute('aria-checked')).resolves.toBe(
      'false',
    );
    await expect(page.getByRole('switch', { name: 'Disputes' }).getAttribute('aria-checked')).resolves.toBe('true');

    // The server refuses: the switch goes back and the failure is said.
    await page.route('**/api/notifications/preferences', (route) =>
      route.request().method() === 'PUT' ? route.abort('failed') : route.fallback(),
    );
    const disputes = page.getByRole('switch', { name: 'Disputes' });
    await disputes.click();
    await page.getByText('Failed to update settings', { exact: true }).first().waitFor();
    await expect(disputes.getAttribute('aria-checked')).resolves.toBe('true');
    await page.unroute('**/api/notifications/preferences');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Disputes' }).getAttribute('aria-checked')).resolves.toBe('true');
  });
});
