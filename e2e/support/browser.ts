import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

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

let counter = 0;
/** A unique email for a test account. */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}
