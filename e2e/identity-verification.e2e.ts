import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserMissing, launchBrowser, lookAtBothWidths, screenshot, signInThroughForm } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN = { email: 'admin@holdfast.dev', password: 'Holdfast-demo-1' };

/** A card-like picture with some text on it, as a phone photo of a document would be. */
async function picture(label: string, background: string, format: 'png' | 'jpeg') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" rx="24" fill="${background}"/><text x="40" y="80" font-size="40" font-family="sans-serif" fill="#fff">${label}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/**
 * Identity verification in the browser (issue 30): the seller submits documents, the admin rejects them with
 * a reason in the Verification tab, the seller sees the reason and submits again, the admin approves, and the
 * seller's page and public profile show Verified.
 */
describe.skipIf(browserMissing)('identity verification', () => {
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

  async function adminPage(): Promise<Page> {
    const a = await page();
    // An error the error boundary catches is otherwise only a screenshot: its stack goes to the output.
    a.on('pageerror', (error) => console.error(`[admin page] ${error.stack ?? error.message}`));
    a.on('console', (m) => m.type() === 'error' && console.error(`[admin console] ${m.text()}`));
    await a.goto('/admin/login');
    await a.getByLabel('Email').fill(ADMIN.email);
    await a.getByLabel('Password').fill(ADMIN.password);
    await a.getByRole('button', { name: 'Sign In as Admin' }).click();
    await a.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    return a;
  }

  async function fillAndSubmit(p: Page) {
    await p.getByLabel('Legal name (as on the document)').fill('Sipho Mandla Seller');
    await p.getByLabel('Date of birth').fill('1988-09-21');
    await p.getByLabel('Street address').fill('4 Bree Street');
    await p.getByLabel('City').fill('Cape Town');
    await p.getByLabel('Postal code').fill('8001');
    await p.getByLabel('Document front').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: await picture('NATIONAL ID · FRONT', '#0f766e', 'png'),
    });
    await p.getByLabel('Document back').setInputFiles({
      name: 'back.png',
      mimeType: 'image/png',
      buffer: await picture('NATIONAL ID · BACK', '#155e75', 'png'),
    });
    await p.getByLabel('Selfie').setInputFiles({
      name: 'selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture('SELFIE', '#7c3aed', 'jpeg'),
    });
    const answer = p.waitForResponse(
      (r) => r.url().endsWith('/api/verification/identity') && r.request().method() === 'POST',
    );
    await p.getByRole('button', { name: 'Submit for review' }).click();
    expect((await answer).status()).toBe(201);
    await p.getByTestId('kyc-status').filter({ hasText: 'Pending' }).waitFor();
  }

  async function openReview(a: Page) {
    await a.goto('/admin-dashboard?tab=verification');
    await a.getByRole('heading', { name: /Waiting for review/ }).waitFor();
    await a.getByRole('button', { name: /Sipho Mandla Seller/ }).click();
    await a.getByRole('heading', { name: 'Review: Sipho Mandla Seller' }).waitFor();
    await a.getByRole('img', { name: 'Document front of Sipho Mandla Seller' }).waitFor();
  }

  it('a seller submits, is rejected with a reason, submits again and is verified; the public profile shows it', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-identity-${i}-${j}`);
    });
    const seller = await page();
    await signInThroughForm(seller, 'seller@holdfast.dev');
    await seller.goto('/verification/identity');
    await seller.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
    await seller.getByTestId('kyc-status').filter({ hasText: 'Not verified' }).waitFor();
    // An empty form says what is missing, field by field.
    await seller.getByRole('button', { name: 'Submit for review' }).click();
    await seller.getByText('Legal name is required').waitFor();
    await lookAtBothWidths(seller, 'identity-unverified');

    await fillAndSubmit(seller);
    await seller.getByText(/usually within 2 working days/).waitFor();
    await expect(seller.getByRole('button', { name: 'Submit for review' }).count()).resolves.toBe(0);
    await lookAtBothWidths(seller, 'identity-pending');
    expect((await (await seller.request.get('/api/auth/user')).json()).kycStatus).toBe('pending');

    // The admin rejects with a reason the seller can act on.
    const admin = await adminPage();
    await openReview(admin);
    await lookAtBothWidths(admin, 'admin-verification-review');
    await admin.getByRole('button', { name: 'Reject' }).click();
    await admin.getByRole('button', { name: 'Reject with this reason' }).click();
    await admin.getByText('Say why the verification is rejected').waitFor();
    const reason = 'The photo of the front is cut off: take it again with all four corners visible.';
    await admin.getByLabel(/^Reason/).fill(reason);
    await admin.getByRole('button', { name: 'Reject with this reason' }).click();
    await admin.getByText('No identity verification waits for review.').waitFor();

    await seller.reload();
    await seller.getByTestId('kyc-status').filter({ hasText: 'Rejected' }).waitFor();
    await expect(seller.getByTestId('rejection-reason').textContent()).resolves.toContain(reason);
    await lookAtBothWidths(seller, 'identity-rejected');

    // Resubmitted, then approved.
    await fillAndSubmit(seller);
    await openReview(admin);
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('No identity verification waits for review.').waitFor();
    await lookAtBothWidths(admin, 'admin-verification-empty');

    await seller.reload();
    await seller.getByTestId('kyc-status').filter({ hasText: 'Verified' }).waitFor();
    await lookAtBothWidths(seller, 'identity-verified');
    expect((await (await seller.request.get('/api/auth/user')).json()).kycStatus).toBe('verified');

    // The public profile's KYC badge reads the same.
    const slug = `sipho-${Date.now().toString(36)}`;
    expect((await seller.request.post('/api/user/update-profile-slug', { data: { slug } })).status()).toBe(200);
    const visitor = await page();
    await visitor.goto(`/profile/${slug}`);
    const verification = visitor.getByRole('region', { name: 'Verification' });
    await verification.locator('li', { hasText: 'KYC' }).getByText('Verified', { exact: true }).waitFor();
    await screenshot(visitor, 'identity-public-profile-verified');
  });
});
