// Drives the money flow in a browser and saves screenshots at phone and desktop widths:
// create → checkout (declined card, then 4242…) → seller accepts → buyer confirms receipt, and a wallet deposit.
// Usage: start the server on a fresh data directory, e.g.
//   PORT=5077 DATA_DIR=$(mktemp -d) npx tsx apps/server/src/main.ts
// then BASE_URL=http://localhost:5077 node apps/web/scripts/money-screenshots.mjs [outDir]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:5077';
const outDir = path.resolve(process.argv[2] ?? '/tmp/hf-money-screenshots');
mkdirSync(outDir, { recursive: true });
const PASSWORD = 'Holdfast-demo-1';
const BUYER = 'buyer@holdfast.dev';
const SELLER = 'seller@holdfast.dev';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function shoot(page, name, { fullPage = true } = {}) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log('saved', file);
}

async function signedInPage(label, width, height, email) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[${label} console]`, m.text()));
  page.on('pageerror', (e) => console.log(`[${label} pageerror]`, e.message));
  page.on('requestfailed', (r) => console.log(`[${label} requestfailed]`, r.url()));
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  return { context, page };
}

async function toast(page, text) {
  try {
    await page.getByText(text).first().waitFor({ timeout: 10_000 });
  } catch (err) {
    await shoot(page, 'failure', { fullPage: false });
    throw err;
  }
}

/** Fills the create form and submits; returns the new transaction's id. */
async function createTransaction(page, { amount, description, type = 'Product', currency }) {
  await page.goto(`${base}/create-transaction`, { waitUntil: 'networkidle' });
  await page.getByLabel(type).check();
  if (currency) {
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: new RegExp(`^${currency}`) }).click();
  }
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel(/Seller Email|Service Provider Email/).fill(SELLER);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Create Transaction' }).and(page.locator(':enabled')).waitFor();
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await page.waitForURL('**/transactions');
  await toast(page, 'Transaction created successfully');
  const list = await page.evaluate(() => fetch('/api/transactions', { credentials: 'include' }).then((r) => r.json()));
  return list[0].id;
}

async function payByCard(page, card) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

try {
  // ---- Desktop: the whole flow --------------------------------------------------------------
  const desk = await signedInPage('desktop', 1280, 800, BUYER);
  let page = desk.page;
  await page.goto(`${base}/create-transaction`, { waitUntil: 'networkidle' });
  await shoot(page, 'create-transaction-desktop');
  await page.getByLabel('Amount').fill('10');
  await page.getByText('Amount must be at least').waitFor();
  await shoot(page, 'create-transaction-invalid-desktop', { fullPage: false });
  await page.getByLabel('Service').check();
  await page.getByLabel('Amount').fill('1500');
  await page.getByText('Total you pay').waitFor();
  await page.getByLabel('Service Provider Email').fill(SELLER);
  await page.getByLabel('Description').fill('Logo design: three concepts and two rounds of changes');
  await page.waitForTimeout(600);
  await shoot(page, 'create-transaction-filled-desktop');

  const id = await createTransaction(page, { amount: '2500', description: 'Refurbished ThinkPad T14, 16 GB RAM' });
  await page.waitForLoadState('networkidle');
  await shoot(page, 'transactions-desktop');

  await page.goto(`${base}/transactions/${id}`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Fund Transaction' }).click();
  await page.waitForURL(`**/transactions/${id}/checkout`);
  await page.getByLabel('Card number').waitFor();
  await shoot(page, 'checkout-desktop');
  await payByCard(page, '4000 0000 0000 0002');
  await page.getByText('Your card was declined.').first().waitFor();
  await shoot(page, 'checkout-declined-desktop', { fullPage: false });
  await page.getByLabel('Card number').fill('');
  await payByCard(page, '4242 4242 4242 4242');
  await page.waitForURL(`**/transactions/${id}?payment=success`);
  await toast(page, 'Your transaction has been funded successfully!');
  await page.waitForLoadState('networkidle');
  await shoot(page, 'transaction-funded-desktop');
  await page.goto(`${base}/transactions/${id}/checkout`, { waitUntil: 'networkidle' });
  await page.getByText('Already Funded').waitFor();

  // Seller accepts with delivery details.
  const seller = await signedInPage('seller', 1280, 800, SELLER);
  await seller.page.goto(`${base}/transactions/${id}`, { waitUntil: 'networkidle' });
  await seller.page.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = seller.page.getByRole('dialog', { name: 'Accept Transaction' });
  const tomorrow = await seller.page.getByLabel('Expected Delivery Date').getAttribute('min');
  await dialog.getByLabel('Expected Delivery Date').fill(tomorrow);
  await dialog.getByLabel('Delivery Notes').fill('  Courier, tracking number by email  ');
  await shoot(seller.page, 'accept-dialog-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Accept Transaction' }).click();
  await toast(seller.page, 'You have successfully accepted this transaction with delivery information.');
  await seller.page.waitForLoadState('networkidle');
  await shoot(seller.page, 'transaction-accepted-seller-desktop');
  await seller.page.goto(`${base}/transactions/${id}/checkout`, { waitUntil: 'networkidle' });
  await seller.page.getByText('Only the buyer can fund this transaction.').waitFor();
  await seller.page.goto(`${base}/transactions/00000000-0000-4000-8000-000000000000/checkout`, {
    waitUntil: 'networkidle',
  });
  await seller.page.getByText('Transaction Not Found').waitFor();
  await seller.context.close();

  // Buyer confirms receipt.
  await page.goto(`${base}/transactions/${id}`, { waitUntil: 'networkidle' });
  const phrase = page.getByLabel('Confirmation phrase');
  await phrase.fill('I have received');
  await shoot(page, 'confirm-mismatch-desktop');
  await phrase.fill('i have received my item');
  await page.getByRole('button', { name: 'Confirm Receipt & Release Funds' }).click();
  await toast(page, 'Transaction confirmed and funds released');
  await page.getByText('Funds have been released to the seller.').waitFor();
  await shoot(page, 'transaction-completed-desktop');

  // Deposit.
  await page.goto(`${base}/wallet/deposit`, { waitUntil: 'networkidle' });
  await shoot(page, 'deposit-desktop');
  await page.getByLabel('Amount').fill('2');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await toast(page, 'Minimum deposit is $5');
  await shoot(page, 'deposit-too-low-desktop', { fullPage: false });
  await page.getByLabel('Amount').fill('250');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').waitFor();
  await shoot(page, 'deposit-pay-desktop');
  await payByCard(page, '4242424242424242');
  await page.waitForURL('**/dashboard');
  await toast(page, 'Your wallet has been credited successfully!');
  await page.waitForLoadState('networkidle');
  await shoot(page, 'dashboard-after-deposit-desktop');
  await page.goto(`${base}/deposit-funds`, { waitUntil: 'networkidle' });
  await shoot(page, 'wallet-desktop');

  // A USD transaction the wallet can pay for: the checkout offers 'Pay from wallet'.
  const usdId = await createTransaction(page, { amount: '100', description: 'Mechanical keyboard', currency: 'USD' });
  await page.goto(`${base}/transactions/${usdId}/checkout`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Pay from wallet' }).waitFor();
  await shoot(page, 'checkout-wallet-desktop');
  await page.getByRole('button', { name: 'Pay from wallet' }).click();
  await page.waitForURL(`**/transactions/${usdId}?payment=success`);
  await toast(page, 'Payment Successful');

  await page.goto(`${base}/payment-success`, { waitUntil: 'networkidle' });
  await page.getByText(/Redirecting to your dashboard in \d second/).waitFor();
  await shoot(page, 'payment-success-desktop', { fullPage: false });
  await page.waitForURL('**/dashboard', { timeout: 8000 });
  await page.goto(`${base}/transactions`, { waitUntil: 'networkidle' });
  await shoot(page, 'transactions-after-desktop');
  await desk.context.close();

  // ---- Phone width -------------------------------------------------------------------------
  const mobile = await signedInPage('mobile', 390, 844, BUYER);
  page = mobile.page;
  await page.goto(`${base}/create-transaction`, { waitUntil: 'networkidle' });
  await page.getByLabel('Amount').fill('750');
  await page.getByText('Total you pay').waitFor();
  await page.waitForTimeout(600);
  await shoot(page, 'create-transaction-mobile');
  const mobileId = await createTransaction(page, { amount: '750', description: 'Vintage record player' });
  await page.waitForLoadState('networkidle');
  await shoot(page, 'transactions-mobile');
  await page.goto(`${base}/transactions/${mobileId}/checkout`, { waitUntil: 'networkidle' });
  await page.getByLabel('Card number').waitFor();
  await shoot(page, 'checkout-mobile');
  await page.goto(`${base}/deposit-funds`, { waitUntil: 'networkidle' });
  await shoot(page, 'wallet-mobile');
  await page.goto(`${base}/wallet/deposit`, { waitUntil: 'networkidle' });
  await shoot(page, 'deposit-mobile');
  await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
  await shoot(page, 'dashboard-mobile');
  await mobile.context.close();
  console.log('done');
} catch (err) {
  // Leave a picture of whatever page was open when it went wrong.
  for (const context of browser.contexts()) {
    for (const [i, open] of context.pages().entries()) await shoot(open, `failure-${i}`, { fullPage: false });
  }
  throw err;
} finally {
  await browser.close();
}
