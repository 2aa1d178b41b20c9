/**
 * The JavaScript a signed-out visitor's browser loads for the first route.
 *
 *   npm run build && npx tsx bench/first-load.ts        # or FIRST_LOAD_BUILD=1 npx tsx bench/first-load.ts
 *
 * Starts the built product (apps/server/dist/main.js with apps/web/dist) on a fresh embedded database,
 * opens each page in Debian's Chromium (playwright-core) and waits until the network is idle. For every
 * script the page loaded it prints the bytes on the wire (as the server sent them) and the file's gzip
 * size (zlib level 9, the usual yardstick, whatever the server does), then the totals per page.
 * A benchmark, not a test: it prints, it does not assert.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const PAGES = (process.env.FIRST_LOAD_PAGES ?? '/,/login,/register').split(',');
const TARGET_KB = 120;

if (process.env.FIRST_LOAD_BUILD === '1' || !existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const server = await startServer({ LOG_LEVEL: 'error' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const route of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Array<{ file: string; wire: Promise<number>; gzip: number }> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const pathname = new URL(res.url()).pathname;
      const file = path.join(DIST, pathname);
      const gzip = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
      scripts.push({
        file: pathname,
        gzip,
        wire: res
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      });
    });
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    const rows = await Promise.all(scripts.map(async (s) => ({ ...s, wire: await s.wire })));
    const gzip = rows.reduce((sum, r) => sum + r.gzip, 0);
    const wire = rows.reduce((sum, r) => sum + r.wire, 0);
    console.log(
      `\n${route}: ${rows.length} scripts, ${kb(gzip)} gzip (target ≤ ${TARGET_KB} KB), ${kb(wire)} on the wire`,
    );
    for (const r of rows.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${r.file.padEnd(48)} ${kb(r.gzip).padStart(10)} gzip ${kb(r.wire).padStart(10)} sent`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
