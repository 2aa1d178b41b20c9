import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserMissing,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  screenshot,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const WIDTHS = [390, 1280] as const;
/** The Forgot Password page's own code (a chunk of its own, fetched when the page is first shown). */
const PAGE_CODE = /\/assets\/forgot-password-[\w-]+\.js$/;

/**
 * The error page, brought about as it happens for real: a page's code cannot be fetched (a release
 * replaced it, or the network dropped) and rendering the page throws. Nothing in the product is there
 * for the test.
 */
describe.skipIf(browserMissing)('the error page', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** Resolves with the status of the page's next crash report. */
  const nextReport = () =>
    page
      .waitForResponse((r) => new URL(r.url()).pathname === '/api/client-errors' && r.request().method() === 'POST')
      .then((r) => r.status());

  it('shows what happened with a way back, and reports the error to the server’s log', async () => {
    await page.route(PAGE_CODE, (route) => route.abort('connectionfailed'));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      await page.getByLabel('Email').waitFor();
      const reported = nextReport();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
      expect(await reported).toBe(204);
      expect(await page.title()).toBe('Something went wrong · Holdfast');
      await screenshot(page, `error-page-${width}`);
      await expectNoHorizontalOverflow(page, `the error page at ${width}px`);
      await expectNoAxeViolations(page, `the error page at ${width}px`);
    }

    // Logged by the server with a message operators can count, and what the page knew.
    await expect.poll(() => server.output()).toContain('"msg":"web app error"');
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"web app error"'))
      .map((line) => JSON.parse(line) as { level: number; userId: string | null; clientError: Record<string, string> });
    expect(logged[0]).toMatchObject({ level: 40, userId: null });
    expect(logged[0]!.clientError).toMatchObject({
      url: `${server.url}/forgot-password`,
      message: expect.stringContaining('dynamically imported module'),
      componentStack: expect.any(String),
    });

    // Back: the page before renders again.
    await page.goBack();
    await page.getByLabel('Email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('takes people home, or tries the page again once it can load', async () => {
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);

    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // The network is back.
    await page.unroute(PAGE_CODE);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });
});
