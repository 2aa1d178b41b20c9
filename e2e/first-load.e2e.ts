import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserMissing, launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The signed-out pages load clean: no console error, no failed request, no page error, and every script
 * and stylesheet arrives compressed (the browser asks for br/gzip like any other).
 */
describe.skipIf(browserMissing)('first page load, signed out', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [path, heading] of [
    ['/', /held fast/i],
    ['/login', /sign in|log in|welcome back/i],
    ['/register', /create|register|sign up/i],
  ] as const) {
    it(`${path} has no console errors and no failed requests`, async () => {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      const problems: string[] = [];
      const encodings: Record<string, string | undefined> = {};
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
        const type = r.request().resourceType();
        if (type === 'script' || type === 'stylesheet')
          encodings[new URL(r.url()).pathname] = r.headers()['content-encoding'];
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).first().waitFor();
      expect(problems).toEqual([]);
      expect(Object.keys(encodings).length).toBeGreaterThan(0);
      for (const [asset, encoding] of Object.entries(encodings)) {
        if (asset.endsWith('.js') || asset.endsWith('.css'))
          expect([asset, encoding]).toEqual([asset, expect.stringMatching(/^(br|gzip)$/)]);
      }
      await context.close();
    });
  }
});
