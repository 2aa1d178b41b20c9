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

const THREAD = 51; // the web asks support threads for 50 at a time (THREAD_PAGE_SIZE): one page and one more

/** Marks the document; the mark survives only as long as the page is not reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as { __notReloaded?: boolean }).__notReloaded = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded);

describe.skipIf(browserMissing)('support center and staff console in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
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

  it('a customer opens a chat, staff answer it from the console, reply and status changes appear live', async () => {
    const customer = await signedIn('buyer@holdfast.dev');
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `support-failure-${i}-${j}`);
    });

    // The empty Support Center.
    await customer.goto('/support');
    await customer.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
    await customer.getByRole('heading', { name: 'Your Conversations' }).waitFor();
    await customer.getByText('No conversations yet').waitFor();
    await customer.getByText('Click "New Chat" to get started').waitFor();
    await customer.getByText('Select a conversation').waitFor();
    await lookAtBothWidths(customer, 'support-empty');

    // New Chat: subject required (blank is not sent), priority medium by default.
    await customer.getByRole('button', { name: 'New Chat' }).click();
    const subject = customer.getByPlaceholder('Describe your issue...');
    await subject.waitFor();
    await expect(customer.getByLabel('Priority').textContent()).resolves.toBe('Medium');
    const create = customer.getByRole('button', { name: 'Create', exact: true });
    await subject.fill('   ');
    await expect(create.isDisabled()).resolves.toBe(true);
    await subject.fill('  Refund for <b>order</b> 42 has not arrived  ');
    await customer.getByLabel('Priority').click();
    for (const option of ['Low', 'Medium', 'High', 'Urgent'])
      await customer.getByRole('option', { name: option }).waitFor();
    await customer.getByRole('option', { name: 'Urgent' }).click();
    await customer.getByRole('listbox').waitFor({ state: 'detached' });
    await expect(customer.getByLabel('Priority').textContent()).resolves.toBe('Urgent');
    await lookAtBothWidths(customer, 'support-new-chat');
    await create.click();
    await customer.getByText('Chat Created').first().waitFor();

    // The new chat is selected: subject (as text), status and the empty thread.
    const title = 'Refund for <b>order</b> 42 has not arrived';
    await customer.getByRole('heading', { level: 2, name: title }).waitFor();
    await customer.getByText('No messages yet').waitFor();
    await customer.getByText('Start the conversation!').waitFor();
    const item = customer.getByRole('list', { name: 'Your conversations' }).getByRole('listitem').first();
    await expect(item.textContent()).resolves.toContain('urgent');
    await expect(item.textContent()).resolves.toContain('open');
    await expect(item.textContent()).resolves.toContain('just now');

    const box = customer.getByPlaceholder('Type your message...');
    await box.fill('Hello, the refund for order 42 is <i>missing</i>.');
    await box.press('Enter');
    await customer.getByText('Hello, the refund for order 42 is <i>missing</i>.').waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    await lookAtBothWidths(customer, 'support-chat');
    await markDocument(customer);

    // Staff: the chat waits in the console's queue.
    const staff = await signedIn('moderator@holdfast.dev');
    await staff.getByRole('button', { name: /account menu/ }).click();
    await staff.getByRole('menuitem', { name: 'Support Console' }).click();
    await staff.waitForURL('**/support-console');
    await staff.getByRole('heading', { level: 1, name: 'Support Console' }).waitFor();
    await staff.getByRole('tab', { name: 'Support Chats', selected: true }).waitFor();
    const row = staff.getByRole('list', { name: 'Support chats' }).getByRole('button').filter({ hasText: title });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Awaiting reply');
    await expect(row.textContent()).resolves.toContain('1 message');
    await lookAtBothWidths(staff, 'support-console-queue');

    // Filters: closed shows nothing yet, open shows the chat.
    await staff.getByLabel('Status').click();
    await staff.getByRole('option', { name: 'Closed' }).click();
    await staff.getByRole('listbox').waitFor({ state: 'detached' });
    await staff.getByText('No chats match these filters').waitFor();
    await staff.getByLabel('Status').click();
    await staff.getByRole('option', { name: 'Open' }).click();
    await staff.getByRole('listbox').waitFor({ state: 'detached' });
    await row.waitFor();

    await row.click();
    await staff.getByRole('heading', { level: 2, name: title }).waitFor();
    await staff.getByText('Hello, the refund for order 42 is <i>missing</i>.').waitFor();
    // Only forward moves are offered.
    const actions = staff.getByRole('group', { name: 'Change status' }).getByRole('button');
    await expect(actions.allTextContents()).resolves.toEqual(['Mark In Progress', 'Mark Resolved', 'Close Chat']);
    await staff.getByPlaceholder('Type your reply...').fill('We have found it: the refund goes out today.');
    await staff.getByRole('button', { name: 'Send' }).click();
    await staff.getByText('We have found it: the refund goes out today.').waitFor();
    await lookAtBothWidths(staff, 'support-console-chat');

    // The customer sees the reply arrive, marked as from the support team, without reloading (the page does
    // not poll: it came over the socket).
    await customer.getByText('We have found it: the refund goes out today.').waitFor();
    await customer.getByRole('log').getByText('Support Team').waitFor();
    await staff.getByRole('button', { name: 'Mark In Progress' }).click();
    await staff.getByText('Status Updated').first().waitFor();
    await expect(actions.allTextContents()).resolves.toEqual(['Mark Resolved', 'Close Chat']);
    const header = customer.getByRole('heading', { level: 2, name: title }).locator('..');
    await header.getByText('in progress', { exact: true }).waitFor();
    await expect(stillSameDocument(customer)).resolves.toBe(true);

    // Closing: the customer's page shows it and its send box is off; the server refuses messages too.
    await staff.getByRole('button', { name: 'Close Chat' }).click();
    await header.getByText('closed', { exact: true }).waitFor();
    await customer.getByText('This conversation is closed.', { exact: false }).waitFor();
    await expect(box.isDisabled()).resolves.toBe(true);
    await expect(stillSameDocument(customer)).resolves.toBe(true);
    await lookAtBothWidths(customer, 'support-chat-closed');
    const chats = await (await customer.request.get('/api/support/chats')).json();
    const refused = await customer.request.post(`/api/support/chats/${chats[0].id}/messages`, {
      data: { message: 'Still there?' },
    });
    expect(refused.status()).toBe(409);

    // The phone's list view, with the back button from a thread.
    await customer.setViewportSize({ width: 390, height: 900 });
    await customer.getByRole('button', { name: 'Back' }).click();
    await customer.getByRole('heading', { name: 'Your Conversations' }).waitFor();
    await lookAtBothWidths(customer, 'support-list');

    // The Live Chat tab is the other half of the console.
    await staff.getByRole('tab', { name: 'Live Chat' }).click();
    await staff.getByRole('tabpanel').waitFor();

    // A customer is not staff.
    await customer.goto('/support-console');
    await customer.getByText('Only moderators and admins can access the support console.').waitFor();
    await lookAtBothWidths(customer, 'support-console-denied');
  });

  it('a long chat opens with its latest messages and loads earlier ones on scroll, for the customer and in the console', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const customer = await context.newPage();
    const registered = await customer.request.post('/api/auth/register', {
      data: {
        firstName: 'Lena',
        lastName: 'Longchat',
        email: uniqueEmail('longchat'),
        password: 'Sturdy-pass-42',
        confirmPassword: 'Sturdy-pass-42',
        role: 'buyer',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const staff = await signedIn('moderator@holdfast.dev');
    onTestFailed(async () => {
      await screenshot(customer, 'support-paging-failure-customer');
      await screenshot(staff, 'support-paging-failure-staff');
    });
    const post = async (page: Page, url: string, data: object) => {
      const res = await page.request.post(url, { data, headers: { 'Idempotency-Key': randomUUID() } });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    const chat = await post(customer, '/api/support/chats', {
      subject: 'A long story about a parcel',
      priority: 'low',
    });
    // One page of messages (the web asks for 50) and one more, within both sides' per-minute limits.
    for (let i = 1; i <= 30; i += 1) {
      await post(customer, `/api/support/chats/${chat.id}/messages`, { message: `Customer line ${i}` });
    }
    for (let i = 1; i <= THREAD - 30; i += 1) {
      await post(staff, `/api/support/chats/${chat.id}/messages`, { message: `Staff line ${i}` });
    }

    for (const [page, url, name] of [
      [customer, `/support?chat=${chat.id}`, 'support-thread'],
      [staff, `/support-console?chat=${chat.id}`, 'support-console-thread'],
    ] as const) {
      await page.goto(url);
      const log = page.getByRole('log');
      const lines = log.getByRole('listitem');
      await log.getByText(`Staff line ${THREAD - 30}`, { exact: true }).waitFor();
      await waitForCount(log, page.getByRole('listitem'), 50);
      await expect.poll(() => log.getByText('Customer line 1', { exact: true }).count()).toBe(0);
      const earlier = log.getByRole('button', { name: 'Load earlier messages' });
      await earlier.waitFor({ state: 'attached' });
      await lookAtBothWidths(page, `${name}-latest`);
      // Scrolling to the top loads the earlier ones above, oldest first, each once.
      await log.evaluate((el) => (el.scrollTop = 0));
      await waitForCount(log, page.getByRole('listitem'), THREAD);
      await earlier.waitFor({ state: 'detached' });
      await lines.first().getByText('Customer line 1', { exact: true }).waitFor();
      await lookAtBothWidths(page, `${name}-earlier`);
    }

    // A reply now arrives live at the end, once, with the earlier messages still shown (the page does not
    // poll: it came over the socket).
    await staff.getByPlaceholder('Type your reply...').fill('Found it: it is on its way.');
    await staff.getByRole('button', { name: 'Send' }).click();
    const customerLines = customer.getByRole('log').getByRole('listitem');
    await waitForCount(customer.getByRole('log'), customer.getByRole('listitem'), THREAD + 1);
    await customerLines.last().getByText('Found it: it is on its way.').waitFor();
    expect(await customer.getByRole('log').getByText('Found it: it is on its way.').count()).toBe(1);
  });
});
