import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { EVIDENCE_MESSAGES, formatMoney } from '@holdfast/contracts';
import {
  browserMissing,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  screenshot,
  uniqueEmail,
  waitForCount,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Sturdy-pass-42';
const DEMO_PASSWORD = 'Holdfast-demo-1';

/**
 * Disputes in the browser: the buyer asks for moderation, a moderator takes and splits the case, both
 * wallets show the right amounts; another dispute is settled by the parties with an accepted offer; a
 * partial dispute with evidence from both sides is decided from the case file.
 */
describe.skipIf(browserMissing)('disputes in the browser', () => {
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

  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

  async function person(role: 'buyer' | 'seller', firstName: string) {
    const p = await page();
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await p.request.post('/api/auth/register', {
      data: { firstName, lastName: 'Tester', email, password: PASSWORD, confirmPassword: PASSWORD, role },
    });
    expect(res.status()).toBe(201);
    if (role === 'seller') {
      const { messages } = await (await p.request.get('/api/dev/mailbox')).json();
      await p.goto(messages[0].links.find((l: string) => l.includes('verify-email')));
      await p.getByText('Email verified').waitFor();
    }
    return { page: p, email };
  }

  async function demo(email: string): Promise<Page> {
    const p = await page();
    const res = await p.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.status()).toBe(200);
    return p;
  }

  /** A card-funded transaction the seller has accepted. */
  async function activeDeal(buyer: Page, seller: Page, sellerEmail: string, amount: string, description: string) {
    const created = await buyer.request.post('/api/transactions', {
      data: { amount, currency: 'ZAR', sellerEmail, description },
      headers: key(),
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const intent = await (
      await buyer.request.post(`/api/transactions/${id}/create-payment-intent`, { headers: key() })
    ).json();
    const paid = await buyer.request.post('/api/payments/sandbox/confirm', {
      data: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      headers: key(),
    });
    expect(paid.status()).toBe(200);
    expect((await seller.request.patch(`/api/transactions/${id}/accept`, { data: {}, headers: key() })).status()).toBe(
      200,
    );
    return id as string;
  }

  async function look(p: Page, name: string) {
    for (const width of [390, 1280]) {
      await p.setViewportSize({ width, height: 900 });
      await screenshot(p, `${name}-${width}`);
      await expectNoHorizontalOverflow(p, `${name} at ${width}px`);
      await expectNoAxeViolations(p, `${name} at ${width}px`);
    }
  }

  const zar = async (p: Page) => {
    const { balances } = await (await p.request.get('/api/wallet/balance')).json();
    return balances.find((b: { currency: string }) => b.currency === 'ZAR')?.balance ?? '0.00';
  };

  it('the buyer requests moderation, a moderator splits it, both wallets are right', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-disputes-${i}-${j}`);
    });
    const seller = await person('seller', 'Thabo');
    const buyer = await person('buyer', 'Lindiwe');
    const id = await activeDeal(buyer.page, seller.page, seller.email, '250.00', 'Mountain bike, full service');

    const b = buyer.page;
    await b.goto(`/transactions/${id}`);
    await b.getByRole('button', { name: 'Request Moderation' }).click();
    await b.getByRole('button', { name: 'Submit Dispute' }).click();
    await b.getByText('Please select a dispute type and provide a description.').first().waitFor();
    await b.getByLabel('Dispute Type').click();
    await b.getByRole('option', { name: 'Quality issue' }).click();
    await b.getByLabel('Description').fill('The frame is cracked <b>near</b> the seat post');
    await b.getByText('46/1000').waitFor();
    await look(b, 'dispute-dialog');
    await b.getByRole('button', { name: 'Submit Dispute' }).click();
    await b.getByText('Dispute Created').first().waitFor();
    await b.getByText('This transaction is under review by a moderator.').waitFor();
    // Text stays text.
    await b.getByText('The frame is cracked <b>near</b> the seat post').first().waitFor();
    await look(b, 'transaction-disputed-buyer');

    // A buyer is not a moderator.
    await b.goto('/moderator-dashboard');
    await b.getByText('Only moderators can access this dashboard.').waitFor();

    const m = await demo('moderator@holdfast.dev');
    await m.goto('/moderator-dashboard');
    await m.getByRole('heading', { name: 'Active Dispute Cases' }).waitFor();
    const row = m.getByRole('listitem').filter({ hasText: 'Mountain bike, full service' });
    await row.waitFor();
    await look(m, 'moderator-dashboard');
    await row.getByRole('button', { name: 'View Case' }).click();
    await m.getByRole('dialog').getByText('History').waitFor();
    await m
      .getByRole('dialog')
      .getByText(/Dispute/)
      .first()
      .waitFor();
    await look(m, 'moderator-case');
    await m.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Assign to Me' }).click();
    await row.getByText('In review').waitFor();

    await row.getByRole('button', { name: 'Resolve' }).click();
    await m.getByRole('button', { name: 'Resolve Dispute' }).click();
    await m.getByText('Please select a resolution and provide detailed notes.').first().waitFor();
    await m.getByLabel('Resolution', { exact: true }).click();
    await m.getByRole('option', { name: 'Partial refund' }).click();
    await m.getByLabel(/Refund to the buyer/).fill('100');
    // 250.00 with a 7.50 fee: the buyer gets 100.00 + 3.00 of the fee, the seller 150.00.
    await m.getByText(`Buyer receives ${formatMoney('103.00', 'ZAR')}`, { exact: false }).waitFor();
    await m.getByLabel('Resolution Notes').fill('Frame damage confirmed by photos; split agreed as fair.');
    await look(m, 'moderator-resolve');
    await m.getByRole('button', { name: 'Resolve Dispute' }).click();
    await m.getByText('Dispute Resolved').first().waitFor();
    await m.getByText('No active disputes').waitFor();

    expect(await zar(b)).toBe('103.00');
    expect(await zar(seller.page)).toBe('150.00');
    await b.goto('/dashboard');
    await b.getByRole('region', { name: 'Statistics' }).getByText(formatMoney('103.00', 'ZAR')).waitFor();
    await seller.page.goto(`/transactions/${id}`);
    await seller.page.getByText('Dispute resolved: Partial refund').waitFor();

    // The truth on both sides (issue 32): a split, per party, in the ledger's amounts; never "released".
    const [refunded, paid] = [formatMoney('103.00', 'ZAR'), formatMoney('150.00', 'ZAR')];
    await b.goto(`/transactions/${id}`);
    await b.getByText('Transaction Completed: funds split').waitFor();
    await b.getByText(`You were refunded ${refunded}; the seller received ${paid}.`).waitFor();
    await b.getByTestId('transaction-card').getByText('Split', { exact: true }).waitFor();
    await expect.poll(() => b.getByText('Funds have been released to the seller.').count()).toBe(0);
    // The history, as the moderator's case view tells it, without the staff's notes.
    const history = b.getByRole('list', { name: 'Transaction history' });
    await history.getByText('Transaction created').waitFor();
    await history.getByText(/^Dispute opened by the buyer/).waitFor();
    await history.getByText(/^Decision: split/).waitFor();
    await history.getByText(`Paid out of escrow: ${refunded} back to the buyer's wallet`, { exact: false }).waitFor();
    await look(b, 'transaction-split-buyer');
    const sp = seller.page;
    await sp.getByText(`You received ${paid}; the buyer was refunded ${refunded}.`).waitFor();
    await sp.getByTestId('seller-payout').getByText(paid).waitFor();
    await sp
      .getByRole('list', { name: 'Transaction history' })
      .getByText(/^Decision: split/)
      .waitFor();
    await look(sp, 'transaction-split-seller');
    await seller.page.goto('/dashboard');
    await seller.page.getByRole('region', { name: 'Statistics' }).getByText(formatMoney('150.00', 'ZAR')).waitFor();
  });

  it('an invited seller shows as not on Holdfast yet, and the buyer may resend (once an hour)', async () => {
    const buyer = await person('buyer', 'Zanele');
    const invited = uniqueEmail('invited');
    const created = await buyer.page.request.post('/api/transactions', {
      data: { amount: '80.00', currency: 'ZAR', sellerEmail: invited, description: 'Hand-made bowl' },
      headers: key(),
    });
    const { id } = await created.json();
    const b = buyer.page;
    await b.goto(`/transactions/${id}`);
    await b
      .getByTestId('invited-seller')
      .getByText(/^Not on Holdfast yet: invitation sent on /)
      .waitFor();
    await b.getByRole('list', { name: 'Transaction history' }).getByText('Transaction created').waitFor();
    await look(b, 'transaction-invited-seller');
    // Just sent at creation: the server says it is too soon.
    await b.getByRole('button', { name: 'Resend invitation' }).click();
    await b.getByText('The invitation was sent less than an hour ago', { exact: false }).first().waitFor();
  });

  it('another dispute is settled by the parties with an accepted offer', async () => {
    const seller = await person('seller', 'Naledi');
    const buyer = await person('buyer', 'Kagiso');
    const id = await activeDeal(buyer.page, seller.page, seller.email, '100.00', 'Logo design, three drafts');

    // Report Issue: an empty description sends nothing; a described one opens a dispute of type other.
    const b = buyer.page;
    await b.goto(`/transactions/${id}`);
    await b.getByRole('button', { name: 'Report Issue' }).click();
    await b.getByRole('dialog').getByRole('button', { name: 'Report Issue' }).click();
    await b.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await (await b.request.get(`/api/transactions/${id}`)).json()).status).toBe('active');
    await b.getByRole('button', { name: 'Report Issue' }).click();
    await b.getByLabel('Describe the issue').fill('Only one draft was delivered');
    await b.getByRole('dialog').getByRole('button', { name: 'Report Issue' }).click();
    await b.getByText('Dispute created successfully').first().waitFor();

    const s = seller.page;
    await s.goto(`/transactions/${id}`);
    await s.getByText('Settle it between you').waitFor();
    await s.getByLabel(/Refund to the buyer/).fill('40');
    await s.getByText(`Buyer receives ${formatMoney('41.20', 'ZAR')}`, { exact: false }).waitFor();
    await s.getByLabel('Message').fill('Two drafts are done; I refund the third.');
    await s.getByRole('button', { name: 'Propose Settlement' }).click();
    await s.getByText('Offer Sent').first().waitFor();
    await s.getByText('Waiting for the buyer to answer.').waitFor();

    await b.reload();
    await b.getByText('The seller’s offer: refund', { exact: false }).waitFor();
    await look(b, 'dispute-offer-buyer');
    await b.getByRole('button', { name: 'Accept Offer' }).click();
    await b.getByText('Settlement Accepted').first().waitFor();
    await b.getByText('Dispute resolved: Settled by agreement').waitFor();
    expect(await zar(b)).toBe('41.20');
    expect(await zar(s)).toBe('60.00');
  });

  it('a partial dispute with a photo and a PDF is decided from the case file; the parties see the outcome', async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-partial-dispute-${i}-${j}`);
    });
    const seller = await person('seller', 'Sipho');
    const buyer = await person('buyer', 'Ayanda');
    const id = await activeDeal(buyer.page, seller.page, seller.email, '500.00', 'Five ceramic bowls');
    const b = buyer.page;
    const s = seller.page;

    // What the parties wrote to each other before the dispute is part of the case file.
    const deal = await (await b.request.get(`/api/transactions/${id}`)).json();
    const sent = await b.request.post('/api/messages', {
      data: { conversationId: id, receiverId: deal.seller.id, content: 'Two of the bowls arrived broken.' },
      headers: key(),
    });
    expect(sent.status()).toBe(201);

    // The buyer disputes 300.00 of the 500.00: the other 200.00 goes to the seller at once.
    await b.goto(`/transactions/${id}`);
    await b.getByRole('button', { name: 'Request Moderation' }).click();
    await b.getByLabel('Dispute Type').click();
    await b.getByRole('option', { name: 'Quality issue' }).click();
    await b.getByLabel('Description').fill('Two of five bowls arrived broken: 3 of 5 items are fine.');
    await b.getByText('Dispute only part of the amount').click();
    await b.getByLabel('Amount in dispute (ZAR)').fill('300');
    await look(b, 'dispute-dialog-partial');
    await b.getByRole('button', { name: 'Submit Dispute' }).click();
    await b.getByText('Dispute Created').first().waitFor();
    // 500.00 with a 15.00 fee; 300.00 in dispute keeps 9.00 of it: 200.00 released to the seller now.
    await b
      .getByText(`${formatMoney('200.00', 'ZAR')} already released to the seller`, { exact: false })
      .first()
      .waitFor();
    expect(await zar(s)).toBe('200.00');

    // The buyer adds a photo with its caption; the seller answers with a PDF and a statement.
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b4532a' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Ayanda' } })
      .toBuffer();
    await b.getByLabel('Add a photo or PDF (at most 10 MB)').setInputFiles({
      name: 'broken-bowls.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await b.getByLabel('Caption').fill('The two broken bowls, as unpacked');
    await b.getByRole('button', { name: 'Upload Evidence' }).click();
    await b.getByText(EVIDENCE_MESSAGES.added).first().waitFor();
    await b.getByRole('link', { name: 'Open broken-bowls.jpg in a new tab' }).waitFor();
    await look(b, 'transaction-partial-dispute-buyer');

    await s.goto(`/transactions/${id}`);
    await s.getByText('You (the seller)').first().waitFor();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await s.getByLabel('Add a photo or PDF (at most 10 MB)').setInputFiles({
      name: 'courier-receipt.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await s.getByLabel('Caption').fill('Courier receipt: packed and insured');
    await s.getByRole('button', { name: 'Upload Evidence' }).click();
    await s.getByText(EVIDENCE_MESSAGES.added).first().waitFor();
    await s.getByLabel('Your statement').fill('The bowls left packed in bubble wrap; the courier broke them.');
    await s.getByRole('button', { name: 'Add Statement' }).click();
    await s.getByText(EVIDENCE_MESSAGES.statementAdded).first().waitFor();

    // The moderator reads everything in one file, notes something for staff, takes the case and splits it.
    const m = await demo('moderator@holdfast.dev');
    await m.goto('/moderator-dashboard');
    const row = m.getByRole('listitem').filter({ hasText: 'Five ceramic bowls' });
    await row.getByRole('link', { name: 'Case File' }).click();
    const file = m.getByRole('list', { name: 'Case file' });
    await file.getByText('Two of the bowls arrived broken.').waitFor();
    await file.getByText(/Evidence added: broken-bowls\.jpg, sha256 [0-9a-f]{64}/).waitFor();
    await file.getByText(/Evidence added: courier-receipt\.pdf, sha256 [0-9a-f]{64}/).waitFor();
    await file.getByText('The bowls left packed in bubble wrap; the courier broke them.').waitFor();
    await m.getByLabel('Add internal note').fill('Ask the courier for their damage report.');
    await m.getByRole('button', { name: 'Add Note' }).click();
    await file.getByText('Ask the courier for their damage report.').waitFor();
    await look(m, 'moderator-case-file');
    await m.getByRole('button', { name: 'Assign to Me' }).click();
    await m.getByRole('button', { name: 'Resolve' }).click();
    await m.getByLabel('Resolution', { exact: true }).click();
    await m.getByRole('option', { name: 'Partial refund' }).click();
    await m.getByLabel(/Refund to the buyer/).fill('100');
    await m.getByLabel(/broken-bowls\.jpg/).check();
    await m.getByLabel('Resolution Notes').fill('Two of five bowls broken in transit; the photo shows it.');
    await m.getByRole('button', { name: 'Resolve Dispute' }).click();
    await m.getByText('Dispute Resolved').first().waitFor();

    // 100.00 of the 300.00 back to the buyer with its 3.00 of the fee; the seller has 200.00 + 200.00.
    expect(await zar(b)).toBe('103.00');
    expect(await zar(s)).toBe('400.00');
    const { dispute } = await (await b.request.get(`/api/disputes/${await disputeOf(b, id)}`)).json();
    expect(dispute.reliedOnEvidenceIds).toHaveLength(1);

    // The parties see the outcome and the evidence, never the staff's note.
    await b.goto(`/transactions/${id}`);
    await b.getByText('Dispute resolved: Partial refund').waitFor();
    await b.getByRole('link', { name: 'Case file' }).first().click();
    await b.getByRole('heading', { level: 1, name: 'Case file' }).waitFor();
    const partyFile = b.getByRole('list', { name: 'Case file' });
    await partyFile.getByText(/Evidence added: courier-receipt\.pdf/).waitFor();
    await partyFile.getByText(/Decision: split/).waitFor();
    await expect.poll(() => partyFile.getByText('Ask the courier for their damage report.').count()).toBe(0);
    await look(b, 'party-case-file');
  });

  it("a moderator's home shows their work, the History tab finds a decided case, the console shows the customer", async () => {
    onTestFailed(async () => {
      for (const [i, c] of contexts.entries())
        for (const [j, p] of c.pages().entries()) await screenshot(p, `failed-staff-pages-${i}-${j}`);
    });
    // The demo accounts: no registration, no email to verify.
    const [b, s, m] = await Promise.all(
      ['buyer@holdfast.dev', 'seller@holdfast.dev', 'moderator@holdfast.dev'].map((email) => demo(email)),
    );
    const dispute = async (transactionId: string) => {
      const res = await b.request.post('/api/disputes', {
        data: { transactionId, type: 'quality_issue', description: 'Not as described' },
        headers: key(),
      });
      expect(res.status()).toBe(201);
      return (await res.json()).id as string;
    };
    // One case decided by the moderator, another waiting in the queue.
    const decidedId = await dispute(await activeDeal(b, s, 'seller@holdfast.dev', '120.00', 'Copper kettle'));
    const resolved = await m.request.patch(`/api/disputes/${decidedId}/resolve`, {
      data: { resolution: 'refund_buyer', resolutionNotes: 'Dented, as the photos show.' },
      headers: key(),
    });
    expect(resolved.status()).toBe(200);
    const next = await activeDeal(b, s, 'seller@holdfast.dev', '80.00', 'Six tea cups');
    await dispute(next);

    // Home: their work, none of a buyer's or a seller's content.
    await m.goto('/dashboard');
    const waits = m.getByRole('region', { name: 'What waits for you' });
    await waits.getByText('Unassigned Queue').waitFor();
    await m.getByText(/\d+ cases? waits? for a moderator\./).waitFor();
    for (const customerOnly of ['Become a Moderator', 'Deposit Funds', 'Recent Transactions', 'New Transaction'])
      await expect.poll(() => m.getByText(customerOnly).count()).toBe(0);
    await look(m, 'staff-home-moderator');

    // History: the decided case, found by its description, opens its file.
    await m.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).click();
    await m.getByRole('tab', { name: 'History' }).click();
    await m.getByRole('region', { name: 'Your decisions' }).getByText('Cases You Decided').waitFor();
    await m.getByLabel('Search resolved cases').fill('COPPER');
    const history = m.getByRole('list', { name: 'Resolved cases' });
    await waitForCount(history, m.getByRole('link'), 1);
    await history.getByText('Copper kettle').waitFor();
    await look(m, 'moderator-history');
    await history.getByRole('link').click();
    await m.getByRole('heading', { level: 1, name: `Case #${decidedId.slice(0, 8)}` }).waitFor();

    // Support: beside the buyer's chat, who they are and their deals, each opening its page.
    const chat = await b.request.post('/api/support/chats', {
      data: { subject: 'About my kettle', priority: 'medium' },
      headers: key(),
    });
    expect(chat.status()).toBe(201);
    await m.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
    await m
      .getByRole('list', { name: 'Support chats' })
      .getByRole('button', { name: /About my kettle/ })
      .click();
    const customer = m.getByRole('complementary', { name: 'Customer details' });
    await customer.getByText('Bongani Buyer').waitFor();
    const cases = customer.getByRole('list', { name: 'Customer’s disputes' });
    await waitForCount(cases, m.getByRole('link'), 2);
    const deal = customer
      .getByRole('list', { name: 'Customer’s transactions' })
      .getByRole('link', { name: /Six tea cups/ });
    expect(await deal.getAttribute('href')).toBe(`/transactions/${next}`);
    await look(m, 'support-console-customer');
    await cases.getByRole('link', { name: /Copper kettle/ }).click();
    await m.getByRole('heading', { level: 1, name: `Case #${decidedId.slice(0, 8)}` }).waitFor();

    // An admin's home points to what waits for them and to the admin dashboard.
    const a = await demo('admin@holdfast.dev');
    await a.goto('/dashboard');
    await a.getByRole('region', { name: 'What waits for you' }).getByText('Failed Jobs').waitFor();
    await a.getByRole('link', { name: 'Review Applications' }).waitFor();
    await look(a, 'staff-home-admin');
  });
});

async function disputeOf(p: Page, transactionId: string): Promise<string> {
  const list = await (await p.request.get(`/api/disputes?transactionId=${transactionId}`)).json();
  return list[0].id;
}
