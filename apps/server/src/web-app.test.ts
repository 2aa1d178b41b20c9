import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';
import { parties, createTransaction } from './test/money-factories.js';
import type { RegisteredUser } from './test/factories.js';

/** A built web app in miniature: index.html, a hashed bundle with its .br/.gz twins, an image. */
function fakeWebDist(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'holdfast-web-'));
  mkdirSync(path.join(root, 'assets'));
  const bundle = `console.log(${JSON.stringify('holdfast '.repeat(400))});\n`;
  const html = `<!doctype html><html><head><title>Holdfast</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;
  writeFileSync(path.join(root, 'index.html'), html);
  writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync(html));
  // The dashboard's own page: index.html plus a modulepreload of its chunk.
  mkdirSync(path.join(root, 'routes'));
  const dashboard = html.replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/dashboard-XyZ.js"></head>',
  );
  writeFileSync(path.join(root, 'routes/dashboard.html'), dashboard);
  writeFileSync(path.join(root, 'routes/dashboard.html.br'), brotliCompressSync(dashboard));
  writeFileSync(path.join(root, 'routes/dashboard.html.gz'), gzipSync(dashboard));
  writeFileSync(path.join(root, 'assets/index-AbC123.js'), bundle);
  writeFileSync(path.join(root, 'assets/index-AbC123.js.br'), brotliCompressSync(bundle));
  writeFileSync(path.join(root, 'assets/index-AbC123.js.gz'), gzipSync(bundle));
  // A PNG signature followed by filler: already compressed data is never compressed again.
  writeFileSync(
    path.join(root, 'assets/photo-AbC123.png'),
    Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]),
  );
  writeFileSync(path.join(root, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  return root;
}

describe('first page load: compression and caching', () => {
  let t: TestApp;
  let root: string;
  let buyer: RegisteredUser;

  beforeAll(async () => {
    root = fakeWebDist();
    t = await createTestApp({ env: { WEB_DIST_DIR: root } });
    const p = await parties(t.app);
    buyer = p.buyer;
    // Enough rows that the list is well over the 1 KB threshold.
    for (let i = 0; i < 6; i++)
      await createTransaction(t.app, buyer, p.seller.email, { description: `Camera lens ${i}` });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the JS bundle as brotli, gzip or plain as the browser asks, cached for a year', async () => {
    const br = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('holdfast holdfast');

    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('holdfast holdfast');

    const plain = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': '' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('holdfast holdfast');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html and the SPA fallback compressed and never cached without asking', async () => {
    for (const url of ['/', '/dashboard', '/transactions/123', '/index.html']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<title>Holdfast</title>');
    }
  });

  it("answers a first route with its own page (the page's chunks preloaded), every other address with index.html", async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/dashboard-XyZ.js">';
    for (const encoding of ['br', 'gzip', '']) {
      const res = await t.app.inject({ url: '/dashboard?tab=1', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(body, encoding).toContain(preload);
      expect(body, encoding).toContain('<title>Holdfast</title>');
    }
    for (const url of ['/', '/transactions', '/dashboard/', '/dashboard/more', '/DASHBOARD']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).not.toContain(preload);
      expect(res.body, url).toContain('<title>Holdfast</title>');
    }
    // Route pages are HTML like index.html: never cached without asking.
    const direct = await t.app.inject({ url: '/routes/dashboard.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('compresses SVG but never an image that is already compressed', async () => {
    const svg = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
    const png = await t.app.inject({ url: '/assets/photo-AbC123.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(8 + 4096);
  });

  it('compresses a JSON list with brotli, under the same ETag as uncompressed, revalidated on every use; no accept-encoding gets identity', async () => {
    const br = await t.app.inject({
      url: '/api/transactions',
      headers: { cookie: buyer.cookie, 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    const body = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    const plain = await t.app.inject({ url: '/api/transactions', headers: { cookie: buyer.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.etag).toBe(br.headers.etag);
    const notModified = await t.app.inject({
      url: '/api/transactions',
      headers: { cookie: buyer.cookie, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('leaves small answers alone and unknown API paths answer the JSON 404', async () => {
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const missing = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const missingAsset = await t.app.inject({ url: '/assets/gone-XyZ.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
