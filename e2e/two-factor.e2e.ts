import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BACKUP_CODE_ALPHABET } from '@holdfast/contracts';
import { totpCode } from '../apps/server/src/test/totp.js';
import {
  browserMissing,
  launchBrowser,
  lookAtBothWidths,
  reportFailure,
  screenshot,
  traceSessionCookies,
  uniqueEmail,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';
const DEMO_PASSWORD = 'Holdfast-demo-1';

async function signInWithPassword(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

async function signOut(page: Page) {
  await page.request.post('/api/auth/logout', { headers: { origin: new URL(page.url()).origin } });
  await page.context().clearCookies();
}

describe.skipIf(browserMissing)('two-factor sign-in in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('enrols with an authenticator app, then signs in with a code; a replayed code is refused', async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    onTestFailed(async () => {
      await screenshot(page, 'two-factor-failure');
    });
    const email = uniqueEmail('amara');
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Amara');
    await page.getByLabel('Last Name').fill('Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('I accept the Terms of Service').check();
    await page.getByRole('button', { name: /create account/i }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/security-settings');
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await expect(page.getByText('Disabled', { exact: true }).isVisible()).resolves.toBe(true);
    await lookAtBothWidths(page, 'security-settings-setup');

    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    await page.getByText('QR Code Generated').first().waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    // Shown in groups of four, to read and type; the app takes it without the spaces.
    const shown = (await page.getByLabel('Secret key', { exact: true }).inputValue()).trim();
    expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = shown.replace(/ /g, '');
    const verify = page.getByRole('button', { name: 'Verify and Enable' });
    await page.getByLabel('Verification code').fill('12345');
    await expect(verify.isDisabled()).resolves.toBe(true); // the 6-character rule
    await lookAtBothWidths(page, 'security-settings-verify');

    await page.getByLabel('Verification code').fill(totpCode(secret));
    await verify.click();
    await page.getByText('Two-factor authentication enabled successfully').first().waitFor();
    const codes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    // Nothing to misread when typed from paper: no 0/O, 1/I/l.
    const one = `[${BACKUP_CODE_ALPHABET}]{5}`;
    for (const code of codes) expect(code.trim()).toMatch(new RegExp(`^${one}-${one}$`));
    await lookAtBothWidths(page, 'security-settings-backup-codes');
    await page.getByRole('button', { name: "I've saved my codes" }).click();
    await page.getByText('Enabled', { exact: true }).waitFor();
    await lookAtBothWidths(page, 'security-settings-enabled');

    // Sign out; the password alone no longer signs in.
    await signOut(page);
    await signInWithPassword(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    await page.getByLabel('Verification code').fill(totpCode(secret, 1) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid verification code').first().waitFor();
    await lookAtBothWidths(page, 'login-two-factor');
    const code = totpCode(secret, 1);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // The same code, seen over a shoulder, does not open the account again.
    await signOut(page);
    await signInWithPassword(page, email, PASSWORD);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This code has already been used').first().waitFor();

    // A backup code does, once.
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // Turning it off takes a code: here a backup code (the app's current code is used up).
    await page.goto('/security-settings');
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(codes[1]!);
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await page.getByText('Two-factor authentication disabled').first().waitFor();
    await page.getByText('Disabled', { exact: true }).waitFor();
    await context.close();
  });
});

describe.skipIf(browserMissing)('staff must enrol a second factor (REQUIRE_STAFF_2FA)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ REQUIRE_STAFF_2FA: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a moderator to Security Settings, enrols by SMS, then signs in with a texted code', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const trace = traceSessionCookies(page);
    onTestFailed(async () => {
      trace.print();
      await reportFailure(page, 'two-factor-staff-failure');
    });
    // Until enrolled, nothing opens a socket the server would refuse (each retry carried the session
    // cookie that enrolment replaces, and could clear the new one).
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await signInWithPassword(page, 'moderator@holdfast.dev', DEMO_PASSWORD);
    await page.waitForURL('**/security-settings');
    await page.getByText('Two-factor authentication required').waitFor();
    await page.goto('/moderator-dashboard');
    await page.waitForURL('**/security-settings');
    await lookAtBothWidths(page, 'security-settings-staff');

    await page.getByLabel('Phone number').fill('0821234567');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page
      .getByText(/country code/)
      .first()
      .waitFor();
    await page.getByLabel('Phone number').fill('+27 82 123 4567');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText('Verification Code Sent').first().waitFor();

    const latestCode = async () => {
      const { messages } = await (await page.request.get('/api/dev/sms')).json();
      return (messages[0].text as string).match(/\d{6}/)![0];
    };
    await page.getByLabel('Verification code').fill(await latestCode());
    expect(sockets).toEqual([]);
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await page.getByRole('button', { name: "I've saved my codes" }).click();
    const socketOpened = page.waitForEvent('websocket');
    await page.goto('/moderator-dashboard');
    await page.getByRole('heading', { name: 'Active Dispute Cases' }).waitFor();
    await socketOpened;

    await signOut(page);
    await signInWithPassword(page, 'moderator@holdfast.dev', DEMO_PASSWORD);
    await page.getByText(/We sent a 6-digit code to \+27/).waitFor();
    await page.getByLabel('Verification code').fill(await latestCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
