import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  browserMissing,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  screenshot,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const BUYER = 'buyer@holdfast.dev';
const ADMIN = 'admin@holdfast.dev';

/**
 * Issue 32 items 7 and 8 in a real browser: signed out means sign in (and back), the skip link, the theme
 * (toggle, remembered, following the system, no flash) and the dark pages looked at, and the admin tabs
 * on one row on a phone.
 */
describe.skipIf(browserMissing)('sign in and come back; polish', () => {
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

  async function fresh(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: options.width ?? 1280, height: 900 },
      colorScheme: options.colorScheme ?? 'light',
    });
    contexts.push(context);
    return context.newPage();
  }

  async function fillSignIn(page: Page, email: string, button: RegExp = /^sign in$/i) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: button }).click();
  }

  const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

  describe('signed out means sign in', () => {
    it('a signed-in page opened signed out asks to sign in, then opens that page', async () => {
      const page = await fresh();
      await page.goto('/deposit-funds?tab=history');
      await page.waitForURL('**/login?next=%2Fdeposit-funds%3Ftab%3Dhistory');
      await fillSignIn(page, BUYER);
      await page.waitForURL('**/deposit-funds?tab=history');
      await page.getByRole('heading', { level: 1, name: 'Wallet & Deposits' }).waitFor();
      // An unknown path is still the spec's 404, not a sign-in.
      const other = await fresh();
      await other.goto('/no-such-page');
      await other.getByText('404 Page Not Found').waitFor();
      expect(new URL(other.url()).pathname).toBe('/no-such-page');
    });

    it('never follows next off the site', async () => {
      for (const evil of ['//evil.com', 'https://evil.com', '/\\evil.com', '/%5Cevil.com']) {
        const page = await fresh();
        await page.goto(`/login?next=${encodeURIComponent(evil)}`);
        await fillSignIn(page, BUYER);
        // Off the sign-in page, and still here: the dashboard, or for "/%5Cevil.com" (a path of this site
        // with an encoded backslash in it) this site's 404.
        await page.waitForURL((url) => url.pathname !== '/login');
        expect(new URL(page.url()).origin, evil).toBe(server.url);
        if (!evil.includes('%')) expect(new URL(page.url()).pathname, evil).toBe('/dashboard');
      }
    });

    it('an admin page goes to the admin sign-in and back', async () => {
      const page = await fresh();
      await page.goto('/admin-dashboard?tab=system');
      await page.waitForURL('**/admin/login?next=%2Fadmin-dashboard%3Ftab%3Dsystem');
      await fillSignIn(page, ADMIN, /sign in as admin/i);
      await page.waitForURL('**/admin-dashboard?tab=system');
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    });

    it('after the session ends (401 on a call), signing in again returns to where the person was', async () => {
      const page = await fresh();
      await page.goto(`/login?next=${encodeURIComponent('/transactions')}`);
      await fillSignIn(page, BUYER);
      await page.waitForURL('**/transactions');
      await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
      // The session ends behind the page's back; its next call answers 401.
      await page.context().clearCookies();
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await page.waitForURL('**/login?next=%2Fdashboard');
      await fillSignIn(page, BUYER);
      await page.waitForURL('**/dashboard');
      await page
        .getByText(/Welcome/)
        .first()
        .waitFor();
    });
  });

  describe('polish', () => {
    it('the first Tab reaches "Skip to content", which moves focus into the page', async () => {
      for (const path of ['/', '/login']) {
        const page = await fresh();
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus');
        await expect(focused.textContent()).resolves.toBe('Skip to content');
        await expect(focused.isVisible()).resolves.toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      }
    });

    it('the theme follows the system, is chosen with the toggle, remembered, and set before the first paint', async () => {
      const page = await fresh({ colorScheme: 'dark' });
      await page.goto('/');
      await page.locator('main').waitFor();
      expect(await isDark(page)).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => isDark(page)).toBe(false);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => isDark(page)).toBe(true);

      // System → Light → Dark → System.
      const toggle = page.getByRole('button', { name: /^Theme: / });
      await expect(toggle.getAttribute('aria-label')).resolves.toBe('Theme: System. Switch to Light');
      await toggle.click();
      await expect.poll(() => isDark(page)).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('holdfast.theme'))).toBe('light');

      // Remembered across a reload, whatever the system says; and set by the inline script before the app
      // runs (the class is there in the HTML's own first frame).
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { firstDark: boolean }).firstDark =
              document.documentElement.classList.contains('dark');
        });
      });
      await page.reload();
      await page.locator('main').waitFor();
      expect(await isDark(page)).toBe(false);
      expect(await page.evaluate(() => (window as unknown as { firstDark: boolean }).firstDark)).toBe(false);

      await page.getByRole('button', { name: /^Theme: / }).click();
      expect(await page.evaluate(() => localStorage.getItem('holdfast.theme'))).toBe('dark');
      await page.reload();
      await page.locator('main').waitFor();
      expect(await page.evaluate(() => (window as unknown as { firstDark: boolean }).firstDark)).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await isDark(page)).toBe(true); // a chosen theme ignores the system

      await page.getByRole('button', { name: /^Theme: / }).click();
      expect(await page.evaluate(() => localStorage.getItem('holdfast.theme'))).toBeNull();
      await expect.poll(() => isDark(page)).toBe(false); // back to the system's (light now)
    });

    for (const scheme of ['dark', 'light'] as const)
      it(`the main pages look right in the ${scheme} theme at both widths, axe clean (contrast too)`, async () => {
        const page = await fresh({ colorScheme: scheme });
        const look = async (name: string) => {
          await page.locator('main').first().waitFor();
          await page.locator('h1').first().waitFor();
          for (const width of [390, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await page.waitForFunction(() => [...document.images].every((img) => img.complete));
            await expectNoAxeViolations(page, `${name} (${scheme}) at ${width}px`);
            await expectNoHorizontalOverflow(page, `${name} (${scheme}) at ${width}px`);
            await screenshot(page, `theme-${scheme}-${name}-${width}`);
          }
          await page.setViewportSize({ width: 1280, height: 900 });
        };
        await page.goto('/');
        await look('landing');
        await page.goto('/login');
        await look('login');
        await fillSignIn(page, BUYER);
        await page.waitForURL('**/dashboard');
        await page
          .getByText(/Welcome/)
          .first()
          .waitFor();
        await page.getByText('Success Rate').first().waitFor();
        await look('dashboard');
        await page.goto('/transactions');
        await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
        await look('transactions');
        const first = page.locator('a[href^="/transactions/"]').first();
        await first.waitFor();
        await page.goto(String(await first.getAttribute('href')));
        await look('transaction-detail');
        await page.goto('/deposit-funds');
        await page.getByRole('heading', { level: 1, name: 'Wallet & Deposits' }).waitFor();
        await look('wallet');
      }, 300_000);

    it('admin tabs stay on one row on a phone (the row scrolls sideways)', async () => {
      const page = await fresh({ width: 390 });
      await page.goto('/admin/login');
      await fillSignIn(page, ADMIN, /sign in as admin/i);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      const tabs = page.getByRole('tab');
      await expect.poll(() => tabs.count()).toBeGreaterThan(5);
      const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      const list = page.getByRole('tablist');
      const { scrollWidth, clientWidth } = await list.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      // The last tab is reachable: scrolled into view when chosen by keyboard.
      await page.getByRole('tab', { name: 'Audit' }).click();
      await expect.poll(() => page.getByRole('tab', { name: 'Audit' }).getAttribute('data-state')).toBe('active');
      await expectNoHorizontalOverflow(page, 'admin dashboard at 390px');
      await expectNoAxeViolations(page, 'admin dashboard at 390px');
      await screenshot(page, 'admin-tabs-one-row-390');
    });
  });
});
