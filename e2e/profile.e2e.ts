import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatMoney } from '@holdfast/contracts';
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
const WIDTHS = [390, 1280] as const;

/** A real PNG (a teal-to-gold gradient), so the avatar shows something people can recognise. */
function gradientPng(size = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      rows.push(Math.round(15 + 220 * t), Math.round(118 + 60 * t), Math.round(110 - 80 * t));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.skipIf(browserMissing)('profile settings and the public profile', () => {
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

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  /** A toast's text (Radix also repeats it in a screen-reader announcement). */
  const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  /** Screenshots at both widths after a fresh load; no sideways scrolling and no axe violations at either. */
  async function lookAtBothWidths(page: Page, path: string, ready: string | RegExp, name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.getByText(ready).filter({ visible: true }).first().waitFor();
      // Images (the avatar) finished loading, so the screenshot shows the page as people see it.
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      expect(await page.title()).toBe(pageTitle(new URL(page.url()).pathname));
      await screenshot(page, `${name}-${width}`);
      await expectNoHorizontalOverflow(page, `${path} at ${width}px`);
      await expectNoAxeViolations(page, `${path} at ${width}px`);
    }
  }

  it('a new user uploads a picture, claims a URL, makes history public; a visitor sees it signed out', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `profile-failed-${i}-${j}`);
    });

    // A new account, then signed in through the sign-in page.
    const email = uniqueEmail('pat');
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Pat',
        lastName: 'Mokoena',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        role: 'buyer',
      }),
    });
    expect(registered.status).toBe(201);
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/dashboard$/);

    // Two deals with the demo seller, so the public history has something to show.
    for (const deal of [
      { amount: '120.00', currency: 'USD', description: 'Handmade leather wallet' },
      { amount: '850.00', currency: 'ZAR', description: 'Website logo design' },
    ]) {
      const res = await page.request.post('/api/transactions', {
        data: { ...deal, sellerEmail: 'seller@holdfast.dev' },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto('/profile-settings');
    await page.getByRole('heading', { level: 1, name: 'Profile Settings' }).waitFor();
    await page.getByText('You have no public profile yet').waitFor();
    expect(await page.getByRole('switch', { name: 'Enable Public History' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await page.getByText('Disabled', { exact: true }).waitFor();

    // The picture: checked in the browser first (type), then uploaded; the avatar follows.
    const picker = page.getByLabel('Upload Picture');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await toast(page, 'Invalid File Type');
    await toast(page, 'Please select an image file (JPG, PNG, GIF).');
    await picker.setInputFiles({ name: 'pat.png', mimeType: 'image/png', buffer: gradientPng() });
    await toast(page, 'Profile Picture Updated');
    const me = await (await page.request.get('/api/auth/session')).json();
    const pictureUrl: string = me.user.profileImageUrl;
    expect(pictureUrl).toMatch(/^\/api\/files\/profile-pictures\/[a-f0-9]{32}\.png$/);
    await page.locator(`main img[src="${pictureUrl}"]`).waitFor();
    // The account menu's avatar shows it too.
    await page.locator(`header img[src="${pictureUrl}"]`).first().waitFor();

    // The URL: the input keeps only what a slug may hold; the button waits for a valid one.
    const input = page.getByLabel('Profile URL');
    const create = page.getByRole('button', { name: 'Create Profile' });
    await input.fill('Pat Mokoena_Shop!');
    expect(await input.inputValue()).toBe('patmokoenashop');
    await input.fill('-pat');
    expect(await create.isDisabled()).toBe(true);
    await input.fill('pa');
    expect(await create.isDisabled()).toBe(true);
    await page.getByText('3-50 characters, lowercase letters, numbers, and hyphens only').waitFor();

    await page.getByRole('button', { name: 'Generate' }).click();
    // The generated slug arrives after a short delay; a valid one enables the button.
    await page.getByRole('button', { name: 'Create Profile', disabled: false }).waitFor();
    expect(await input.inputValue()).toMatch(/^[a-z]+-[a-z]+-\d{1,3}$/);

    const slug = `pat-${Date.now().toString(36)}`;
    await input.fill(slug);
    await create.click();
    await toast(page, 'Profile URL Updated');
    await page.getByTestId('profile-url').getByText(`/profile/${slug}`).waitFor();
    await page.getByRole('button', { name: 'Update URL' }).waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/profile/${slug}`);
    const open = page.getByRole('link', { name: /Open/ });
    expect(await open.getAttribute('href')).toBe(`/profile/${slug}`);
    expect(await open.getAttribute('target')).toBe('_blank');

    // Public history on.
    await page.getByRole('switch', { name: 'Enable Public History' }).click();
    await toast(page, 'Settings Updated');
    await page.getByText('Enabled', { exact: true }).waitFor();

    await lookAtBothWidths(page, '/profile-settings', 'Update URL', 'profile-settings');

    // A visitor, signed out, in a browser of their own.
    const visitor = await newPage();
    await lookAtBothWidths(visitor, `/profile/${slug}`, 'Handmade leather wallet', 'public-profile');
    await visitor.getByRole('heading', { level: 1, name: 'Pat Mokoena' }).waitFor();
    await visitor.getByText(`@${slug}`).waitFor();
    await visitor.getByText('Website logo design').waitFor();
    await visitor.getByText(formatMoney('120.00', 'USD')).waitFor();
    await visitor.getByText(formatMoney('850.00', 'ZAR')).waitFor();
    // The demo seller has not published their own history: only the owner's side shows, unnamed.
    await visitor
      .getByText(/Bought from Anonymous User/)
      .first()
      .waitFor();
    await visitor.getByText(/Member since/).waitFor();
    const avatar = visitor.locator(`main img[src="${pictureUrl}"]`);
    await avatar.waitFor();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    const visible = await visitor.locator('main').innerText();
    expect(visible).not.toContain('@holdfast.dev');
    expect(visible).not.toContain(email);

    // Signed in, the owner sees the same public page; a missing profile leads back to the dashboard.
    await page.goto(`/profile/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Pat Mokoena' }).waitFor();
    await page.getByText('Handmade leather wallet').waitFor();
    await page.goto('/profile/nobody-has-this-one');
    await page.getByRole('heading', { level: 1, name: 'Profile Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/profile-settings');

    // History off again: the visitor sees the spec's empty state.
    await page.getByRole('switch', { name: 'Enable Public History' }).click();
    await page.getByText('Disabled', { exact: true }).waitFor();
    await visitor.reload();
    await visitor.getByText('No Public Transactions').waitFor();
    await visitor.getByText("This user hasn't made any transactions public yet.").waitFor();
    await screenshot(visitor, 'public-profile-private-1280');
    await expectNoAxeViolations(visitor, 'public profile without history');

    // An unknown profile.
    await visitor.setViewportSize({ width: 390, height: 900 });
    await visitor.goto('/profile/nobody-has-this-one');
    await visitor.getByRole('heading', { level: 1, name: 'Profile Not Found' }).waitFor();
    await visitor.getByText("This user profile doesn't exist or is not publicly available.").waitFor();
    await screenshot(visitor, 'public-profile-not-found-390');
    await expectNoHorizontalOverflow(visitor, 'profile not found');
    await expectNoAxeViolations(visitor, 'profile not found');
  });
});
