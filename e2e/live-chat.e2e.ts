import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LIVE_CHAT_MESSAGES as M } from '@holdfast/contracts';
import {
  browserMissing,
  launchBrowser,
  lookAtBothWidths,
  screenshot,
  signInThroughForm,
  uniqueEmail,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { gotoWithSocket, nextPushed } from './support/socket.js';

describe.skipIf(browserMissing)('live chat in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The paging test registers a page and a half of customers.
    server = await startServer({ REGISTRATION_LIMIT_PER_HOUR: '200' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
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

  it('a customer writes, a moderator answers from the console, the answer appears live', async () => {
    const customer = await signedIn('buyer@holdfast.dev');
    onTestFailed(async () => {
      await screenshot(customer, 'live-chat-failure-customer');
    });
    const customerSocket = await gotoWithSocket(customer, '/live-chat');
    await customer.getByRole('heading', { level: 1, name: M.title }).waitFor();
    await customer.getByText('Connected', { exact: true }).waitFor();
    await customer.getByText(M.empty).waitFor();
    for (const block of ['Instant Support', 'Transaction Help', 'Platform Guidance', M.supportTeam]) {
      await customer.getByText(block, { exact: true }).first().waitFor();
    }
    await lookAtBothWidths(customer, 'live-chat-empty');

    // Without a socket: Disconnected, the notice, and the input disabled (the page keeps retrying).
    const offline = await customer.context().newPage();
    await offline.routeWebSocket(/\/ws$/, (ws) => ws.close());
    await offline.goto('/live-chat');
    await offline.getByText(M.connectionLost).waitFor();
    await offline.getByText('Disconnected', { exact: true }).waitFor();
    await expect(offline.getByLabel('Message', { exact: true }).isDisabled()).resolves.toBe(true);
    await lookAtBothWidths(offline, 'live-chat-disconnected');
    await offline.close();

    const input = customer.getByLabel('Message', { exact: true });
    const sends: (string | null)[] = [];
    customer.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/chat/send') sends.push(r.postData());
    });
    // Shift+Enter does not send; blank text is never sent.
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Hello, my escrow payment shows pending');
    await input.press('Shift+Enter');
    await expect(customer.getByText(M.empty).isVisible()).resolves.toBe(true);
    // Enter sends; the input empties and the message shows as ours. A send made by an earlier key would
    // have gone out before this one's, so once its answer is in, the one send is all there was.
    const sent = customer.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat/send');
    await input.press('Enter');
    expect((await sent).status()).toBe(201);
    expect(sends).toEqual([JSON.stringify({ message: 'Hello, my escrow payment shows pending' })]);
    await customer.getByText('Hello, my escrow payment shows pending').waitFor();
    await expect(input.inputValue()).resolves.toBe('');
    // Markup is text.
    await input.fill('<b>not bold</b>');
    await input.press('Enter');
    await customer.getByText('<b>not bold</b>', { exact: true }).waitFor();
    await expect.poll(() => customer.locator('[role="log"] b').count()).toBe(0);

    const moderator = await signedIn('moderator@holdfast.dev');
    onTestFailed(async () => {
      await screenshot(moderator, 'live-chat-failure-moderator');
    });
    const moderatorSocket = await gotoWithSocket(moderator, '/support-console');
    await moderator.getByRole('tab', { name: 'Live Chat' }).click();
    const thread = moderator.getByRole('button', { name: /Bongani Buyer/ }).filter({ hasText: 'Awaiting reply' });
    await thread.first().click();
    await moderator.getByRole('log').getByText('Hello, my escrow payment shows pending').waitFor();
    await lookAtBothWidths(moderator, 'support-console-live-chat');
    const reply = moderator.getByLabel('Reply', { exact: true });
    await reply.fill('Hi! I can see your payment; it clears within a minute.');
    const answered = nextPushed(customerSocket, (e) => e.type === 'new_message' && e.channel === 'live_chat');
    await reply.press('Enter');
    await moderator.getByRole('log').getByText('Hi! I can see your payment; it clears within a minute.').waitFor();
    await expect(reply.inputValue()).resolves.toBe('');
    // Answered: no longer awaiting.
    await moderator
      .getByRole('button', { name: /Bongani Buyer/ })
      .filter({ hasText: 'Awaiting reply' })
      .waitFor({ state: 'detached' });

    // The customer's page hears of the answer on its socket (not only its 5-second poll) and shows it.
    await answered;
    await customer.getByText('Hi! I can see your payment; it clears within a minute.').waitFor();
    await customer.getByText(M.supportTeam, { exact: true }).nth(1).waitFor();
    await expect(customer.getByText('Connected', { exact: true }).isVisible()).resolves.toBe(true);
    await lookAtBothWidths(customer, 'live-chat-messages');

    // A customer's new message reaches the console live too (the console does not poll).
    const told = nextPushed(moderatorSocket, (e) => e.type === 'live_chat_message');
    await input.fill('Thank you!');
    await input.press('Enter');
    await told;
    await moderator.getByRole('log').getByText('Thank you!').waitFor();
  });

  it("the console's queue loads a page of live chats at a time, more as it scrolls", async () => {
    // 55 customers write (each in a context of its own: a session each); the first page holds 50.
    const customers = 55;
    for (let i = 0; i < customers; i += 1) {
      const request = (await browser.newContext({ baseURL: server.url })).request;
      const registered = await request.post('/api/auth/register', {
        data: {
          firstName: 'Queue',
          lastName: `Customer ${i}`,
          email: uniqueEmail('queue'),
          password: 'Sturdy-pass-42',
          confirmPassword: 'Sturdy-pass-42',
          role: 'buyer',
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const sent = await request.post('/api/chat/send', { data: { message: `Question ${i}` } });
      expect(sent.status(), await sent.text()).toBe(201);
      await request.dispose();
    }
    const moderator = await signedIn('moderator@holdfast.dev');
    onTestFailed(async () => {
      await screenshot(moderator, 'live-chat-queue-failure');
    });
    await moderator.goto('/support-console');
    await moderator.getByRole('tab', { name: 'Live Chat' }).click();
    const list = moderator.getByRole('list', { name: 'Live chats' });
    await list.getByRole('button', { name: /Question 54/ }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(50);
    // Every thread on the first page awaits a reply and more are to come: the count says so.
    await moderator.getByText('50+ awaiting reply').waitFor();
    await lookAtBothWidths(moderator, 'support-console-live-chat-queue');
    // Scrolling the queue to its end loads the rest (the button is there for keyboards).
    await moderator.getByRole('button', { name: 'Load more live chats' }).scrollIntoViewIfNeeded();
    await list.getByRole('button', { name: /Question 0/ }).waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(customers);
    await moderator.getByRole('button', { name: 'Load more live chats' }).waitFor({ state: 'detached' });
    await expect(moderator.getByText(/\d+ awaiting reply/).textContent()).resolves.toMatch(/^\d+ awaiting reply$/);
  });
});
