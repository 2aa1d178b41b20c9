import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, launchBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';

describe.skipIf(browserMissing)('accounts in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function freshPage(width = 1280) {
    await context?.close();
    context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    page = await context.newPage();
    return page;
  }

  async function register(email: string, role: 'buyer' | 'seller' = 'buyer') {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/register**');
    if (role === 'seller') await page.getByLabel('Seller', { exact: false }).first().check();
    await page.getByLabel('First Name').fill('Thandi');
    await page.getByLabel('Last Name').fill('Nkosi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('I accept the Terms of Service').check();
    await page.getByRole('button', { name: /create account/i }).click();
    await page.waitForURL('**/dashboard');
  }

  it('landing → register → dashboard', async () => {
    await freshPage();
    const email = uniqueEmail('thandi');
    await register(email);
    // The dashboard is its own chunk: wait for it to arrive, then look.
    await page
      .getByText(/Welcome/)
      .first()
      .waitFor();
    await expect(
      page
        .getByText(/Welcome/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText('Thandi', { exact: false }).first().isVisible()).resolves.toBe(true);
    // The session survives a reload: the server knows who we are.
    await page.reload();
    await page.waitForURL('**/dashboard');
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me.email).toBe(email);
    expect(me.firstName).toBe('Thandi');
  });

  it('signs out from the avatar menu and goes to the landing page', async () => {
    await freshPage();
    await register(uniqueEmail('signout'));
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(server.url + '/');
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(status).toBe(401);
  });

  it('shows the spec message for a wrong password', async () => {
    await freshPage();
    const email = uniqueEmail('wrongpw');
    await register(email);
    await context.clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByText('Incorrect password').first().waitFor();
    expect(page.url()).toContain('/login');
  });

  it('the emailed verification link asks for sign-in first, then confirms the address', async () => {
    await freshPage();
    const email = uniqueEmail('verify');
    const res = await page.request.post('/api/auth/register', {
      data: {
        firstName: 'Vee',
        lastName: 'Rify',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        role: 'seller',
      },
    });
    expect(res.status()).toBe(201);
    // The development mailbox shows the signed-in person their own mail.
    const { messages } = await (await page.request.get('/api/dev/mailbox')).json();
    const link = messages.find((m: { to: string }) => m.to === email).links[0];
    await context.clearCookies(); // as if the mail were opened on another device
    await page.goto(link);
    await page.waitForURL('**/login?next=**');
    await page.getByText('Sign in to confirm your email address.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    // Sign-in goes on to the link, whose answer redirects to the dashboard: the first of these navigations
    // can be cut short by the next (ERR_ABORTED), which waitForURL reports as a failure, so wait for what
    // the dashboard shows on arriving from the link; it then drops ?verified=1 from the address.
    await page.getByText('Email verified', { exact: true }).waitFor();
    await page.waitForURL(/\/dashboard$/);
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.emailVerified).toBe(true);
  });

  it('shows the 404 texts for an unknown route', async () => {
    await freshPage();
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
  });

  it('looks finished at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      await freshPage(width);
      await page.goto('/');
      await page.locator('#how-it-works').waitFor();
      await screenshot(page, `landing-${width}`);
      await page.goto('/login');
      await page.getByLabel('Email').waitFor();
      await screenshot(page, `login-${width}`);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByText('Email and password are required').waitFor();
      await screenshot(page, `login-errors-${width}`);
      await page.goto('/register');
      await page.getByLabel('First Name').waitFor();
      await screenshot(page, `register-${width}`);
      await page.getByLabel('First Name').fill('Thandi');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
      await page.getByRole('button', { name: /create account/i }).click();
      await page.getByText('All fields are required').waitFor();
      await screenshot(page, `register-errors-${width}`);
      await register(uniqueEmail(`shots${width}`));
      await page
        .getByText(/Welcome/)
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `dashboard-${width}`);
    }
  });
});

describe.skipIf(browserMissing)('session timeout', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // A shortened timer through configuration: warning after 3 s idle, 5 s countdown.
    server = await startServer({ SESSION_IDLE_TIMEOUT_SECONDS: '8', SESSION_WARNING_SECONDS: '5' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('warns after inactivity, Stay Active keeps the session, the countdown signs out', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const email = uniqueEmail('idle');
    const res = await page.request.post('/api/auth/register', {
      data: {
        firstName: 'Idle',
        lastName: 'Person',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        role: 'buyer',
      },
    });
    expect(res.status()).toBe(201);
    await page.goto('/dashboard');
    await page
      .getByText(/Welcome/)
      .first()
      .waitFor();

    const dialog = page.getByRole('alertdialog', { name: 'Session Timeout Warning' });
    await dialog.waitFor({ timeout: 15_000 });
    await expect(
      dialog.getByText("You've been inactive for a while. Your session will expire soon for security.").isVisible(),
    ).resolves.toBe(true);
    await expect(dialog.getByText(/Auto-logout in \d+ seconds/).isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Stay Active' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/dashboard');
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);

    // Left alone again, the warning returns and its countdown signs the user out.
    await dialog.waitFor({ timeout: 15_000 });
    await page.waitForURL(server.url + '/', { timeout: 15_000 });
    await page.getByText('You were signed out after a period of inactivity.').waitFor();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});
