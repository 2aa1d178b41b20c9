/* global document */
// Screenshots of the main screens at phone and desktop widths, for a human (or model) to look at.
// Usage: start the server (e.g. PORT=5055 DATA_DIR=/tmp/hf-shots npx tsx apps/server/src/main.ts), then
//   BASE_URL=http://localhost:5055 node apps/web/scripts/screenshots.mjs [outDir]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:5055';
const outDir = path.resolve(process.argv[2] ?? '/tmp/hf-screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const widths = [
  ['mobile', 390, 844],
  ['desktop', 1280, 800],
];

/** Full-page shots of tall pages are also cut into readable 1200 px tall parts (name-1.png, ...). */
async function shoot(page, name, { fullPage = true } = {}) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log('saved', file);
  if (!fullPage) return;
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  const part = 1200;
  if (height <= part * 1.5) return;
  for (let i = 0, y = 0; y < height; i += 1, y += part) {
    const clip = { x: 0, y, width, height: Math.min(part, height - y) };
    await page.screenshot({ path: path.join(outDir, `${name}-${i + 1}.png`), fullPage: true, clip });
  }
}

const email = `shots-${Date.now()}@example.com`;
try {
  for (const [label, width, height] of widths) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log(`[${label} console]`, m.text()));
    page.on('pageerror', (e) => console.log(`[${label} pageerror]`, e.message));

    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await shoot(page, `landing-${label}`);
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email and password are required').waitFor();
    await shoot(page, `login-${label}`, { fullPage: false });
    await page.goto(`${base}/register?role=seller`, { waitUntil: 'networkidle' });
    await shoot(page, `register-${label}`);
    await page.goto(`${base}/does-not-exist`, { waitUntil: 'networkidle' });
    await shoot(page, `not-found-${label}`, { fullPage: false });

    // Register through the form (buyer on desktop, seller on mobile), then look at the signed-in pages.
    await page.goto(`${base}/register${label === 'mobile' ? '?role=seller' : ''}`, { waitUntil: 'networkidle' });
    await page.getByLabel('First Name').fill('Thandi');
    await page.getByLabel('Last Name').fill('Mokoena');
    await page.getByLabel('Email').fill(`${label}-${email}`);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByLabel('Confirm Password').fill('correct-horse-1');
    await page.getByLabel('I accept the Terms of Service').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await page.waitForLoadState('networkidle');
    await shoot(page, `dashboard-${label}`);
    await page.goto(`${base}/home`, { waitUntil: 'networkidle' });
    await shoot(page, `home-${label}`, { fullPage: false });
    await page.goto(`${base}/transactions`, { waitUntil: 'networkidle' });
    await shoot(page, `placeholder-${label}`, { fullPage: false });
    if (label === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForTimeout(400);
      await shoot(page, `mobile-menu-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.waitForTimeout(400);
      await shoot(page, `account-menu-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
    await context.close();
  }
} finally {
  await browser.close();
}
