import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Browser tests need Debian's chromium; without it they are skipped with this reason. */
export const browserMissing = existsSync(CHROMIUM_PATH)
  ? null
  : `Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a full-page screenshot under e2e/screenshots/<name>.png for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * For onTestFailed: the screenshot, and on the test's output what a CI log cannot show otherwise (the
 * screenshot stays on the CI machine): the page's address and the text of every open dialog.
 */
export async function reportFailure(page: Page, name: string) {
  if (page.isClosed()) return console.error(`[${name}] the page was closed`);
  const dialogs = await page
    .getByRole('dialog')
    .allInnerTexts()
    .catch((e: Error) => [`(unreadable: ${e.message})`]);
  console.error(`[${name}] at ${page.url()}; open dialogs: ${dialogs.length ? dialogs.join('\n---\n') : 'none'}`);
  await screenshot(page, name);
}

/**
 * Records the page's API and page requests: which session cookie each carried (the start of its token)
 * and what cookie its answer set or cleared. `print()` writes the last entries to the test's output, for
 * a session lost in CI only, where the order of requests around a session swap is the whole story.
 */
export function traceSessionCookies(page: Page, cookieName = 'holdfast.session_token') {
  const lines: string[] = [];
  const started = Date.now();
  const token = (text: string | undefined) => {
    const match = text && new RegExp(`${cookieName.replace('.', '\\.')}=([^;]*)`).exec(text);
    if (!match) return '-';
    return match[1] ? match[1].slice(0, 8) : 'cleared';
  };
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/')) return;
    const sentAt = Date.now() - started;
    try {
      const [headers, response] = await Promise.all([request.allHeaders(), request.response()]);
      const set = response ? await response.headerValue('set-cookie') : null;
      lines.push(
        `${sentAt}ms ${request.method()} ${url.pathname} sent ${token(headers.cookie)} -> ${response?.status() ?? '?'} set ${token(set ?? undefined)}`,
      );
    } catch {
      // The page closed before its headers could be read: nothing left to explain.
    }
  });
  page.on('requestfailed', (request) => {
    lines.push(
      `${Date.now() - started}ms ${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`,
    );
  });
  return { print: () => console.error(`[session cookies]\n${lines.slice(-60).join('\n')}`) };
}

/**
 * Waits until `container` holds exactly `count` of `item` at one moment (the count-th is there and no
 * further one). `item` is made from the page and matched inside the container (`:scope` is the container).
 */
export async function waitForCount(container: Locator, item: Locator, count: number) {
  await container.filter({ has: item.nth(count - 1), hasNot: item.nth(count) }).waitFor();
}

let counter = 0;
/** A unique email for a test account. */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/**
 * Fails with a readable list when axe-core finds any accessibility violation on the page as it is now
 * (WCAG 2.x A and AA rules, axe's best practices, and the label-in-name check).
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  // label-content-name-mismatch is experimental in axe, so off by default: a review ran it, so do we.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const lines = violations.flatMap((v) =>
    v.nodes.map((n) => `  ${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`),
  );
  if (lines.length) throw new Error(`axe-core found ${lines.length} violation(s) on ${label}:\n${lines.join('\n')}`);
}

/** Fails when the page scrolls sideways (content wider than the viewport), naming the widest elements. */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`);
    return { width, scrollWidth: document.documentElement.scrollWidth, culprits };
  });
  if (overflow)
    throw new Error(
      `${label} scrolls sideways: ${overflow.scrollWidth}px wide in a ${overflow.width}px viewport (${overflow.culprits.join(', ')})`,
    );
}

/**
 * Looks at the page as it is at phone and desktop width (390 and 1280 px): images loaded, axe-core clean,
 * no sideways scrolling, a screenshot `<name>-<width>.png` of each; leaves the page at 1280 px.
 */
export async function lookAtBothWidths(page: Page, name: string) {
  // Pages are their own chunks: after a client-side redirect the URL can change before the page has
  // arrived, so wait for what axe asks of every page (a main landmark with a level-one heading).
  await page.locator('main').first().waitFor();
  await page.locator('h1').first().waitFor();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await expectNoAxeViolations(page, `${name} at ${width}px`);
    await expectNoHorizontalOverflow(page, `${name} at ${width}px`);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The password of every demo account the server seeds in development. */
export const DEMO_PASSWORD = 'Holdfast-demo-1';

/** Signs in through the /login form and waits for the dashboard (accounts without two-factor). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/dashboard');
}

/** Fills the withdraw form's South African bank details (bank, branch code, account number). */
export async function fillZaBankDetails(dialog: Locator, accountNumber = '6200 1234 5678') {
  await dialog.getByLabel('Bank name').fill('FNB');
  await dialog.getByLabel('Branch code').fill('250655');
  await dialog.getByLabel('Account number').fill(accountNumber);
}

/** Sends a filled withdraw form through its review step (issue 32): Review withdrawal, then Withdraw <amount>. */
export async function submitWithdrawal(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Review withdrawal', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Review your withdrawal' })
    .getByRole('button', { name: /^Withdraw / })
    .click();
}
