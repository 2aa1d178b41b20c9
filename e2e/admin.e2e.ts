import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  browserMissing,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  screenshot,
  signInThroughForm,
  uniqueEmail,
  waitForCount,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';
const ADMIN = { email: 'admin@holdfast.dev', password: 'Holdfast-demo-1' };

/**
 * Moderator applications and the admin area in the browser: a verified member applies, the admin
 * approves, the member is a moderator; an admin-created moderator replaces the temporary password first.
 */
describe.skipIf(browserMissing)('moderator applications and the admin area', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function page(): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  async function look(p: Page, name: string) {
    for (const width of [390, 1280]) {
      await p.setViewportSize({ width, height: 900 });
      await screenshot(p, `${name}-${width}`);
      await expectNoHorizontalOverflow(p, `${name} at ${width}px`);
      await expectNoAxeViolations(p, `${name} at ${width}px`);
    }
  }

  /** A registered account whose address is verified through the emailed link. */
  async function member(firstName: string) {
    const p = await page();
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await p.request.post('/api/auth/register', {
      data: { firstName, lastName: 'Applicant', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'buyer' },
    });
    expect(res.status()).toBe(201);
    const { messages } = await (await p.request.get('/api/dev/mailbox')).json();
    await p.goto(messages[0].links.find((l: string) => l.includes('verify-email')));
    await p.getByText('Email verified').waitFor();
    return { page: p, email };
  }

  async function adminPage(): Promise<Page> {
    const a = await page();
    await a.goto('/admin/login');
    await a.getByLabel('Email').fill(ADMIN.email);
    await a.getByLabel('Password').fill(ADMIN.password);
    await a.getByRole('button', { name: 'Sign In as Admin' }).click();
    await a.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    return a;
  }

  const failureShots = (name: string) =>
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-${name}-${i}-${j}`);
    });

  it('a visitor sees the public form; the admin area sends non-admins to /admin/login', async () => {
    failureShots('admin-public');
    const visitor = await page();
    await visitor.goto('/moderator-application');
    await visitor.getByRole('heading', { level: 1, name: 'Become a Moderator' }).waitFor();
    await visitor.getByText('applications are reviewed within 3-5 business days').waitFor();
    await visitor.getByRole('button', { name: 'Submit Application' }).click();
    await visitor.getByText('Please fill in all required fields').first().waitFor();
    await look(visitor, 'moderator-application-signed-out');
    // Where the emailed confirmation link lands: confirmed, or a link that no longer works above the form.
    await visitor.goto('/moderator-application?confirmed=1');
    await visitor.getByRole('heading', { level: 1, name: /Email address confirmed/ }).waitFor();
    await look(visitor, 'moderator-application-confirmed');
    await visitor.goto('/moderator-application?confirmed=0');
    await visitor.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired' }).waitFor();
    await visitor.getByRole('heading', { level: 1, name: 'Become a Moderator' }).waitFor();
    await look(visitor, 'moderator-application-link-expired');
    await visitor.getByRole('link', { name: 'Back to Home' }).click();
    await visitor.waitForURL(`${server.url}/`);

    await visitor.goto('/admin-dashboard');
    await visitor.waitForURL(/\/admin\/login(\?next=|$)/);
    const buyer = await member('Zanele');
    await buyer.page.goto('/admin-dashboard');
    await buyer.page.waitForURL(/\/admin\/login(\?next=|$)/);
  });

  it('a verified member applies, the admin approves, the member is a moderator', async () => {
    failureShots('admin-approve');
    const applicant = await member('Nomsa');
    const p = applicant.page;
    await p.goto('/moderator-application');
    await p.getByRole('heading', { level: 1, name: 'Become a Moderator' }).waitFor();
    // The signed-in applicant's name and address are filled in.
    expect(await p.getByLabel('Email *').inputValue()).toBe(applicant.email);
    expect(await p.getByLabel('First Name *').inputValue()).toBe('Nomsa');
    await p.getByLabel('Email *').fill('nomsa-at-example');
    await p.getByLabel('Relevant Experience *').fill('Three years as a community mediator');
    await p.getByLabel('Why do you want to be a moderator? *').fill('Fair outcomes keep a marketplace honest.');
    await p.getByLabel('Availability *').fill('Weekday evenings');
    await p.getByLabel('Languages *').fill('English, isiXhosa');
    await p.getByRole('button', { name: 'Submit Application' }).click();
    await p.getByText('Please enter a valid email address').first().waitFor();
    await p.getByLabel('Email *').fill(applicant.email);
    await p.getByLabel('Phone (optional)').fill('+27 82 555 0101');
    await look(p, 'moderator-application-form');
    await p.getByRole('button', { name: 'Submit Application' }).click();
    await p.getByRole('heading', { level: 1, name: 'Application Submitted!' }).waitFor();
    await p.getByText('reviewed within 3-5 business days', { exact: false }).waitFor();
    await look(p, 'moderator-application-submitted');

    // A second application for the same address while the first is pending is refused.
    const again = await p.request.post('/api/moderator-applications', {
      data: {
        firstName: 'Nomsa',
        lastName: 'Applicant',
        email: applicant.email,
        experience: 'x',
        motivation: 'y',
        availability: 'z',
        languages: 'English',
      },
    });
    expect(again.status()).toBe(409);

    const a = await adminPage();
    const card = a.getByRole('article', { name: 'Application from Nomsa Applicant' });
    await card.waitFor();
    await a.getByRole('tab', { name: /^Applications \(\d+\)$/ }).waitFor();
    await card.getByLabel('Review notes (optional)').fill('Strong mediation background.');
    await look(a, 'admin-dashboard-applications');
    await card.getByRole('button', { name: 'Approve' }).click();
    await a.getByText('Application reviewed successfully').first().waitFor();
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText('Strong mediation background.').waitFor();
    await expect.poll(() => card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await a.getByRole('tab', { name: /^Active Moderators \(\d+\)$/ }).click();
    await a.getByRole('list', { name: 'Active moderators' }).getByText(applicant.email).waitFor();
    await look(a, 'admin-dashboard-moderators');

    await p.goto('/moderator-dashboard');
    await p.reload();
    await p.getByRole('heading', { level: 1, name: 'Moderator Dashboard' }).waitFor();
    await expect.poll(() => p.getByText('Access Denied').count()).toBe(0);
  });

  it('the admin finds a member, suspends them with a reason and sees it; the member is signed out and refused', async () => {
    failureShots('admin-suspend');
    // Signed in on the dashboard, its notification bell's socket open.
    const target = await member('Sipho');

    const a = await adminPage();
    await a.getByRole('tab', { name: 'Users' }).click();
    await a.getByLabel('Search by name or email').fill(target.email.toUpperCase());
    const results = a.getByRole('list', { name: 'Users' });
    await results.getByRole('link', { name: 'Sipho Applicant' }).waitFor();
    await waitForCount(results, a.getByRole('listitem'), 1);
    await look(a, 'admin-users');
    await results.getByRole('link', { name: 'Sipho Applicant' }).click();
    await a.getByRole('heading', { level: 1, name: 'Sipho Applicant' }).waitFor();
    await a.getByRole('list', { name: 'Active sessions' }).waitFor();

    await a.getByRole('button', { name: 'Suspend Account' }).click();
    const dialog = a.getByRole('dialog', { name: 'Suspend this account?' });
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await dialog.getByLabel('Reason (required)').fill('Repeated chargebacks on card deposits');
    await look(a, 'admin-user-suspend-dialog');
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await a.getByText('Account suspended').first().waitFor();
    const notice = a.getByRole('alert').filter({ hasText: 'Suspended since' });
    await notice.getByText('Reason: Repeated chargebacks on card deposits').waitFor();
    await a.getByRole('button', { name: 'Reactivate Account' }).waitFor();
    await look(a, 'admin-user-suspended');

    // The member's open page is signed out at once (its socket closed), and signing in is refused.
    await target.page.waitForURL(/\/login(\?next=|$)/);
    await target.page.getByLabel('Email').fill(target.email);
    await target.page.getByLabel('Password').fill(PASSWORD);
    await target.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await target.page.getByText('This account has been suspended').first().waitFor();
  });

  it('a moderator created by the admin must choose a new password, then accept the Terms, at the first sign-in', async () => {
    failureShots('admin-create');
    const a = await adminPage();
    await a.getByRole('tab', { name: 'Create Moderator' }).click();
    await a.getByRole('button', { name: 'Create Moderator' }).click();
    await a.getByText('Please fill in all required fields').first().waitFor();
    const email = uniqueEmail('created.moderator');
    await a.getByLabel('First Name *').fill('Lerato');
    await a.getByLabel('Last Name *').fill('Mokoena');
    await a.getByLabel('Email *').fill(email);
    await a.getByLabel('Temporary Password *').fill('Temp-river-8317');
    await look(a, 'admin-create-moderator');
    await a.getByRole('button', { name: 'Create Moderator' }).click();
    await a.getByText('Moderator account created successfully').first().waitFor();
    await a.getByRole('list', { name: 'Active moderators' }).getByText(email).waitFor();
    await a.getByText('Temporary password').first().waitFor();

    const m = await page();
    await m.goto('/login');
    await m.getByLabel('Email').fill(email);
    await m.getByLabel('Password').fill('Temp-river-8317');
    await m.getByRole('button', { name: 'Sign In', exact: true }).click();
    await m.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    // The server refuses everything else meanwhile.
    expect((await m.request.get('/api/disputes/moderator')).status()).toBe(403);
    await m.goto('/moderator-dashboard');
    await m.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await m.getByLabel('Temporary Password').fill('Temp-river-8317');
    await m.getByLabel('New Password', { exact: true }).fill('Own-harbour-5520');
    await m.getByLabel('Confirm New Password').fill('Own-harbour-5521');
    await m.getByRole('button', { name: 'Save New Password' }).click();
    await m.getByText('Passwords do not match').first().waitFor();
    await look(m, 'change-password');
    await m.getByLabel('Confirm New Password').fill('Own-harbour-5520');
    await m.getByRole('button', { name: 'Save New Password' }).click();
    // Nobody accepted the Terms for the account: that comes next, and the server holds everything meanwhile.
    await m.getByRole('heading', { level: 1, name: 'Accept the Terms of Service' }).waitFor();
    await m.getByRole('region', { name: 'Terms of Service' }).getByText('This is a template.').waitFor();
    expect((await m.request.get('/api/disputes/moderator')).status()).toBe(403);
    await m.getByRole('button', { name: 'Accept and continue' }).click();
    await m.getByText('Please accept the Terms of Service to continue').first().waitFor();
    await look(m, 'accept-terms');
    await m.getByLabel('I accept the Terms of Service and have read the Privacy Policy').check();
    await m.getByRole('button', { name: 'Accept and continue' }).click();
    await m.getByRole('heading', { level: 1, name: 'Moderator Dashboard' }).waitFor();
    await expect.poll(() => m.getByText('Access Denied').count()).toBe(0);
    expect((await m.request.get('/api/disputes/moderator')).status()).toBe(200);
  });
  it('the admin reads the audit trail; a person sees their own security activity', async () => {
    failureShots('admin-audit');
    const { email } = await member('Thandi');
    const p = await page();
    await signInThroughForm(p, email, PASSWORD);
    await p.goto('/security-settings');
    const activity = p.getByRole('list', { name: 'Security activity' });
    await activity.getByText('Signed in').first().waitFor();
    await activity
      .getByText(/HeadlessChrome|Chrome/)
      .first()
      .waitFor();
    await look(p, 'security-activity');

    const a = await adminPage();
    await a.getByRole('tab', { name: 'Audit' }).click();
    await a.getByRole('list', { name: 'Audit records' }).waitFor();
    await a.getByLabel('Who (email or account id)').fill(email);
    await a.getByRole('button', { name: 'Apply filters' }).click();
    const records = a.getByRole('list', { name: 'Audit records' });
    await records.getByText('Signed in').first().waitFor();
    await records.getByText(`Account: Thandi Applicant`).first().waitFor();
    await look(a, 'admin-audit');
    await a.getByLabel('Who (email or account id)').fill(uniqueEmail('nobody'));
    await a.getByRole('button', { name: 'Apply filters' }).click();
    await a.getByText('No audit records match these filters.').waitFor();
  });
});
