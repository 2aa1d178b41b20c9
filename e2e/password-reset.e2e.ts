import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserMissing,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  screenshot,
  uniqueEmail,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { pageTitle } from '../apps/web/src/lib/page-title.js';

const PASSWORD = 'Sturdy-pass-42';
const NEW_PASSWORD = 'Harbour-lantern-93';
const WIDTHS = [390, 1280] as const;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Forgot password through the mailbox, reset, sign in again; sessions seen and revoked on Security Settings. */
describe.skipIf(browserMissing)('password reset and signed-in sessions in the browser', () => {
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

  async function newPage(opts: { width?: number; userAgent?: string } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: opts.width ?? 1280, height: 900 },
      ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    });
    contexts.push(context);
    return context.newPage();
  }

  /** Registers an account through the API in this page's browser (which is then signed in). */
  async function register(page: Page, email: string) {
    const res = await page.request.post('/api/auth/register', {
      data: { firstName: 'Zanele', lastName: 'Dube', email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(res.status()).toBe(201);
  }

  async function signInWithForm(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
  }

  /** The browser's next visit finds its session ended: the landing page for visitors, nobody signed in. */
  async function expectSignedOutByServer(page: Page) {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    const { user } = await (await page.request.get('/api/auth/session')).json();
    expect(user).toBeNull();
  }

  async function check(page: Page, label: string) {
    expect(await page.title()).toBe(pageTitle(new URL(page.url()).pathname));
    await expectNoHorizontalOverflow(page, label);
    await expectNoAxeViolations(page, label);
  }

  it('forgot password → the link in the mailbox → new password → sign in with it', async () => {
    const email = uniqueEmail('forgetful');
    // One browser stays signed in to read the development mailbox (it shows a person their own mail).
    const inbox = await newPage();
    await register(inbox, email);

    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('All fields are required').first().waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(email).waitFor();

    await inbox.goto('/dev/mailbox');
    const mail = inbox.getByRole('listitem').filter({ hasText: 'Reset your Holdfast password' });
    await mail.first().waitFor();
    const link = await mail
      .first()
      .getByRole('link', { name: /reset-password\?token=/ })
      .getAttribute('href');
    expect(link).toMatch(new RegExp(`^${server.url}/reset-password\\?token=[A-Za-z0-9]+$`));

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').first().waitFor();
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login?reset=1');
    await page.getByText('Password reset. Sign in with your new password.').waitFor();

    // Every session of the account ended, the mailbox reader's too.
    await expectSignedOutByServer(inbox);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Incorrect password').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');

    // The link is used up: opening it again explains and offers a new one.
    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill('Another-fresh-pass-71');
    await page.getByLabel('Confirm New Password').fill('Another-fresh-pass-71');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await page.getByRole('link', { name: 'Request a New Link' }).click();
    // Signed in, the way to a new password is Security Settings.
    await page.waitForURL('**/security-settings');
  });

  it('lists a second browser on Security Settings and signs it out from the first', async () => {
    const email = uniqueEmail('sessions');
    const laptop = await newPage();
    await register(laptop, email);
    const phone = await newPage({ width: 390, userAgent: IPHONE_SAFARI });
    await phone.goto('/login');
    await signInWithForm(phone, email, PASSWORD);

    await laptop.goto('/security-settings');
    const card = laptop.locator('[data-slot="card"]').filter({ hasText: 'Signed-in Sessions' });
    const phoneRow = card.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
    await phoneRow.waitFor();
    await card.getByRole('listitem').filter({ hasText: 'This device' }).waitFor();
    await phoneRow.getByRole('button', { name: /^Revoke/ }).click();
    await laptop.getByText('Session signed out').first().waitFor();
    await phoneRow.waitFor({ state: 'detached' });
    await card.getByText('You are not signed in anywhere else.').waitFor();

    // The phone's next request finds its session gone.
    await expectSignedOutByServer(phone);

    // Sign out everywhere else: a third browser, gone in one click; this one stays.
    const tablet = await newPage();
    await tablet.goto('/login');
    await signInWithForm(tablet, email, PASSWORD);
    await laptop.reload();
    await card.getByRole('listitem').nth(1).waitFor();
    await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await laptop.getByText('1 other session was signed out.', { exact: true }).waitFor();
    await expectSignedOutByServer(tablet);
    await laptop.reload();
    await card.getByText('This device').waitFor();

    // Change password on the same page.
    await laptop.getByLabel('Current Password').fill(PASSWORD);
    await laptop.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await laptop.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await laptop.getByRole('button', { name: 'Change Password' }).click();
    await laptop.getByText('Password changed').first().waitFor();
    await expect(laptop.getByLabel('Current Password').inputValue()).resolves.toBe('');
  });

  it('a browser whose session another one revokes stops its live updates at once and goes to sign in', async () => {
    const email = uniqueEmail('live');
    const laptop = await newPage();
    await register(laptop, email);
    const phone = await newPage({ width: 390, userAgent: IPHONE_SAFARI });
    await phone.goto('/login');
    await signInWithForm(phone, email, PASSWORD);
    // The phone's live socket is open: /live-chat shows it connected (the bell shares it).
    await phone.goto('/live-chat');
    await phone.getByText('Connected', { exact: true }).first().waitFor();

    await laptop.goto('/security-settings');
    const card = laptop.locator('[data-slot="card"]').filter({ hasText: 'Signed-in Sessions' });
    await card.getByRole('listitem').nth(1).waitFor();
    await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await laptop.getByText('1 other session was signed out.', { exact: true }).waitFor();
    // Without a click or a request of its own, the phone hears its session end over the socket.
    await phone.waitForURL(/\/login(\?next=|$)/);
  });

  it('looks finished at phone and desktop widths', async () => {
    const email = uniqueEmail('looks');
    const page = await newPage();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await screenshot(page, `forgot-password-${width}`);
      await check(page, `/forgot-password at ${width}px`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await screenshot(page, `forgot-password-sent-${width}`);
      await check(page, `/forgot-password (sent) at ${width}px`);

      await page.goto('/reset-password?token=not-a-real-token');
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('All fields are required').first().waitFor();
      await screenshot(page, `reset-password-${width}`);
      await check(page, `/reset-password at ${width}px`);
      await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
      await screenshot(page, `reset-password-invalid-${width}`);
      await check(page, `/reset-password (invalid link) at ${width}px`);

      await page.goto('/login?reset=1');
      await page.getByText('Password reset. Sign in with your new password.').waitFor();
      await screenshot(page, `login-after-reset-${width}`);
      await check(page, `/login?reset=1 at ${width}px`);
    }

    const owner = await newPage();
    const ownerEmail = uniqueEmail('cards');
    await register(owner, ownerEmail);
    const other = await newPage({ userAgent: IPHONE_SAFARI });
    await other.goto('/login');
    await signInWithForm(other, ownerEmail, PASSWORD);
    for (const width of WIDTHS) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.goto('/security-settings');
      await owner
        .getByRole('listitem')
        .filter({ hasText: 'Safari on iPhone' })
        .getByRole('button', { name: /^Revoke/ })
        .waitFor();
      await screenshot(owner, `security-settings-sessions-${width}`);
      await check(owner, `/security-settings at ${width}px`);
      await owner.getByRole('button', { name: 'Change Password' }).click();
      await owner.getByText('Please fill in all required fields').first().waitFor();
      // A full-page shot from the top: scrolled, the sticky navigation would sit over the cards.
      await owner.evaluate(() => window.scrollTo(0, 0));
      await screenshot(owner, `security-settings-password-errors-${width}`);
      await check(owner, `/security-settings (password errors) at ${width}px`);
    }
  });
});
