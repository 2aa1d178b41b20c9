import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_MESSAGES } from '@holdfast/contracts';
import { ConfigError, testConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { LEGAL_PAGE_MAX_BYTES, createLegalService, derivedTermsVersion } from './legal.service.js';

const SCRIPT_TERMS =
  '# Our terms\n\nBe fair.\n\n<script>window.pwned = true</script>\n\n<img src=x onerror="alert(1)">\n';

let root: string;
let legalDir: string;
let plain: TestApp;
let operated: TestApp;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'holdfast-legal-'));
  legalDir = path.join(root, 'legal');
  mkdirSync(legalDir);
  writeFileSync(path.join(legalDir, 'terms.md'), SCRIPT_TERMS);
  // Beside the folder and inside it under other names: never served.
  writeFileSync(path.join(root, 'secret.md'), 'TOP SECRET beside the folder');
  writeFileSync(path.join(legalDir, 'notes.md'), 'TOP SECRET inside the folder');
  [plain, operated] = await Promise.all([
    createTestApp(),
    createTestApp({
      env: {
        LEGAL_PAGES_DIR: legalDir,
        COMPANY_NAME: 'Fairdeal Escrow (Pty) Ltd',
        COMPANY_REGISTRATION: '2024/123456/07',
        COMPANY_ADDRESS: '1 Long Street, Cape Town, 8001',
        CONTACT_EMAIL: 'help@fairdeal.example',
        CONTACT_PHONE: '+27 21 555 0100',
        DISPUTE_RESPONSE_DAYS: '2',
        DISPUTE_ASSIGN_HOURS: '12',
        DISPUTE_DECISION_DAYS: '4',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), operated?.close()]);
  rmSync(root, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/legal/{page}', () => {
  it('serves the templates, which say first and plainly that they are templates, to anyone', async () => {
    const terms = await get(plain, '/api/legal/terms');
    expect(terms.statusCode).toBe(200);
    const body = terms.json();
    expect(body).toMatchObject({ page: 'terms', title: 'Terms of Service', template: true });
    expect(body.markdown.split('\n').slice(0, 4).join('\n')).toContain('**This is a template.**');
    expect(body.markdown).toContain('This service is run by Holdfast');
    expect(body.version).toBe(derivedTermsVersion(body.markdown));

    const privacy = (await get(plain, '/api/legal/privacy')).json();
    expect(privacy).toMatchObject({ page: 'privacy', title: 'Privacy Policy', template: true, version: null });
    expect(privacy.markdown).toContain('**This is a template.**');

    // Signed in: the same.
    const someone = await registerUser(plain.app);
    expect((await get(plain, '/api/legal/terms', someone.cookie)).json()).toEqual(body);
  });

  it("serves the operator's own file as it is (the web renders it without its HTML), and the template for a missing one", async () => {
    const terms = (await get(operated, '/api/legal/terms')).json();
    expect(terms).toEqual({
      page: 'terms',
      title: 'Terms of Service',
      markdown: SCRIPT_TERMS,
      template: false,
      version: derivedTermsVersion(SCRIPT_TERMS),
    });
    const privacy = (await get(operated, '/api/legal/privacy')).json();
    expect(privacy.template).toBe(true);
    // The template names the operator's company.
    expect(privacy.markdown).toContain('Fairdeal Escrow (Pty) Ltd is responsible');
  });

  it.each([
    'notes',
    'secret',
    'terms.md',
    'TERMS',
    '..%2Fsecret',
    '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '%2Fetc%2Fpasswd',
    '..%5Csecret',
    'terms%00',
    '__proto__',
    'constructor',
    'toString',
  ])('answers 404 for anything but a known page name: %s', async (name) => {
    const res = await get(operated, `/api/legal/${name}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('TOP SECRET');
    expect(res.body).not.toContain('root:');
    if (String(res.headers['content-type']).includes('json')) {
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: LEGAL_MESSAGES.pageNotFound });
    }
  });

  it('never reads a path from the URL: a literal ../ outside the folder finds no route', async () => {
    for (const url of ['/api/legal/../legal/secret', '/api/legal/terms/../../secret.md', '/api/legal/terms/extra']) {
      const res = await get(operated, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('TOP SECRET');
    }
  });
});

describe('GET /api/company', () => {
  it('names the product and nothing else when the operator gave no details', async () => {
    const res = await get(plain, '/api/company');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Holdfast', registration: null, address: null, email: null, phone: null });
  });

  it("gives the operator's settings", async () => {
    expect((await get(operated, '/api/company')).json()).toEqual({
      name: 'Fairdeal Escrow (Pty) Ltd',
      registration: '2024/123456/07',
      address: '1 Long Street, Cape Town, 8001',
      email: 'help@fairdeal.example',
      phone: '+27 21 555 0100',
    });
  });
});

describe('GET /api/config: the dispute clocks the help page states', () => {
  it('gives the defaults, and the configured values', async () => {
    expect((await get(plain, '/api/config')).json().disputeClocks).toEqual({
      responseDays: 3,
      assignHours: 24,
      decisionDays: 5,
    });
    expect((await get(operated, '/api/config')).json().disputeClocks).toEqual({
      responseDays: 2,
      assignHours: 12,
      decisionDays: 4,
    });
  });
});

describe('the legal pages at start', () => {
  const service = (env: Record<string, string>) => createLegalService({ config: testConfig(env) });
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(root, 'pages-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  };

  it('versions the Terms by TERMS_VERSION when set, else by their text', () => {
    const a = folder({ 'terms.md': '# Terms\n\nVersion A' });
    const b = folder({ 'terms.md': '# Terms\n\nVersion B' });
    expect(service({ LEGAL_PAGES_DIR: a }).termsVersion).toBe(derivedTermsVersion('# Terms\n\nVersion A'));
    expect(service({ LEGAL_PAGES_DIR: a }).termsVersion).not.toBe(service({ LEGAL_PAGES_DIR: b }).termsVersion);
    expect(service({ LEGAL_PAGES_DIR: a, TERMS_VERSION: '2025-06' }).termsVersion).toBe('2025-06');
    expect(service({ LEGAL_PAGES_DIR: b, TERMS_VERSION: '2025-06' }).page('terms').version).toBe('2025-06');
    // The template's version follows the company it names.
    expect(service({}).termsVersion).not.toBe(service({ COMPANY_NAME: 'Other Ltd' }).termsVersion);
  });

  it('refuses to start on a folder that is not there, an empty page or one too large', () => {
    expect(() => service({ LEGAL_PAGES_DIR: path.join(root, 'missing') })).toThrow(ConfigError);
    expect(() => service({ LEGAL_PAGES_DIR: folder({ 'terms.md': '  \n' }) })).toThrow(/is empty/);
    const large = folder({ 'privacy.md': 'x'.repeat(LEGAL_PAGE_MAX_BYTES + 1) });
    expect(() => service({ LEGAL_PAGES_DIR: large })).toThrow(/larger than/);
  });

  it('refuses settings that are not plain text', () => {
    expect(() => testConfig({ COMPANY_NAME: 'Evil\u202eCorp' })).toThrow(ConfigError);
    expect(() => testConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
  });
});
