// The operations test's workload: buyer and seller pairs going through the product's money journey
// through the load balancer, as careful clients do: every write carries an Idempotency-Key and is retried
// with the same key when the connection failed or the answer was a 5xx.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export const PASSWORD = 'Ops-test-password-2026';
/** A pair's journeys send a message at most this often: 15 a minute, half the product's limit. */
const MESSAGE_EVERY_MS = 4000;

export interface Counters {
  /** Requests the workload made (a retry counts once, under its first attempt). */
  sent: number;
  answered: number;
  /** Requests that failed even after their retries. */
  failed: number;
  /** Attempts that failed and were retried (5xx or a broken connection), with when they happened. */
  retried: { at: number; what: string; why: string }[];
  /** Writes that failed their first attempt in a window where no instance was killed (must stay 0). */
  failuresOutsideKills: string[];
}

export interface Acknowledged {
  /** Transactions whose creation was answered 201, by their unique description. */
  created: Map<string, string>;
  funded: Set<string>;
  confirmed: Set<string>;
  /** Messages answered 201, by their unique content. */
  messages: Set<string>;
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
  headers: Headers;
}

export class Workload {
  readonly counters: Counters = { sent: 0, answered: 0, failed: 0, retried: [], failuresOutsideKills: [] };
  readonly acknowledged: Acknowledged = {
    created: new Map(),
    funded: new Set(),
    confirmed: new Set(),
    messages: new Set(),
  };
  /** Set while an instance is being killed with SIGKILL and until HAProxy has taken it out. */
  killWindow = false;
  private stopping = false;

  constructor(readonly baseUrl: string) {}

  async request(
    who: Person,
    method: string,
    path: string,
    body?: unknown,
    opts: { key?: boolean; expect?: number[] } = {},
  ): Promise<Answer> {
    this.counters.sent++;
    const key = opts.key ? randomUUID() : undefined;
    for (let attempt = 1; ; attempt++) {
      let why: string;
      try {
        const res = await fetch(this.baseUrl + path, {
          method,
          headers: {
            origin: this.baseUrl,
            ...(who.cookie ? { cookie: who.cookie } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status < 500) {
          this.counters.answered++;
          const answer = { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
          const expected = opts.expect ?? [200, 201];
          if (!expected.includes(res.status))
            throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
          return answer;
        }
        why = `${res.status} ${text.slice(0, 120)}`;
      } catch (error) {
        if (error instanceof Error && /answered \d+/.test(error.message)) {
          this.counters.failed++;
          throw error;
        }
        why =
          error instanceof Error
            ? `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`
            : String(error);
      }
      this.counters.retried.push({ at: Date.now(), what: `${method} ${path}`, why });
      if (!this.killWindow) this.counters.failuresOutsideKills.push(`${method} ${path}: ${why}`);
      if (attempt >= 8) {
        this.counters.failed++;
        throw new Error(`${method} ${path} failed ${attempt} times, last: ${why}`);
      }
      await new Promise((r) => setTimeout(r, 100 * attempt)); // a client's back-off before its retry
    }
  }

  /** A verified person with a session (verification is read from the database: the outbox is the mail). */
  async person(role: 'buyer' | 'seller', verify: (email: string) => Promise<void>): Promise<Person> {
    const email = `${role}.${randomUUID().slice(0, 8)}@ops.test`;
    const p: Person = { email, cookie: '', id: '' };
    await this.request(p, 'POST', '/api/auth/register', {
      firstName: 'Ops',
      lastName: role === 'buyer' ? 'Buyer' : 'Seller',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role,
    });
    await verify(email);
    await this.signIn(p);
    return p;
  }

  async signIn(p: Person) {
    const res = await this.request(p, 'POST', '/api/auth/login', { email: p.email, password: PASSWORD });
    p.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    p.id = res.body.user.id;
  }

  /** One pair's journey, over and over until `stop()`: list, create, fund, accept, confirm, message. */
  async loop(buyer: Person, seller: Person, pair: number) {
    let lastMessageAt = 0;
    for (let i = 0; !this.stopping; i++) {
      if (i > 0 && i % 5 === 0) await this.signIn(buyer);
      await this.request(buyer, 'GET', '/api/transactions');
      const description = `ops ${pair}-${i}-${randomUUID().slice(0, 8)}`;
      const created = await this.request(
        buyer,
        'POST',
        '/api/transactions',
        { amount: '10.00', currency: 'USD', sellerEmail: seller.email, description },
        { key: true, expect: [201] },
      );
      const id: string = created.body.id;
      this.acknowledged.created.set(description, id);
      await this.request(buyer, 'POST', `/api/transactions/${id}/fund-from-wallet`, undefined, { key: true });
      this.acknowledged.funded.add(id);
      await this.request(seller, 'PATCH', `/api/transactions/${id}/accept`, {}, { key: true });
      await this.request(
        buyer,
        'PATCH',
        `/api/transactions/${id}/confirm`,
        { confirmationPhrase: 'I HAVE RECEIVED MY ITEM' },
        { key: true },
      );
      this.acknowledged.confirmed.add(id);
      // Within the product's limit of messages a minute per person, however fast the journeys go.
      if (Date.now() - lastMessageAt >= MESSAGE_EVERY_MS) {
        lastMessageAt = Date.now();
        await this.message(buyer, seller, id, `${description} thanks`);
      }
    }
  }

  /** Sends a private message; resolves with its id. */
  async message(from: Person, to: Person, conversationId: string, content: string): Promise<string> {
    const res = await this.request(
      from,
      'POST',
      '/api/messages',
      { conversationId, receiverId: to.id, content },
      { key: true, expect: [201] },
    );
    this.acknowledged.messages.add(content);
    return res.body.id as string;
  }

  stop() {
    this.stopping = true;
  }
}

export interface Person {
  email: string;
  cookie: string;
  id: string;
}

/**
 * A person's /ws socket through the load balancer, reopened whenever it closes (an instance going away,
 * or killed), as the web app does; records the ids of the messages pushed to it.
 */
export class LiveSocket {
  readonly pushed = new Set<string>();
  private ws?: WebSocket;
  private closed = false;
  private waiters: Array<{ id: string; resolve: () => void }> = [];
  opened = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly person: Person,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.baseUrl.replace(/^http/, 'ws') + '/ws', {
        headers: { cookie: this.person.cookie, origin: this.baseUrl },
      });
      this.ws = ws;
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; messageId?: string };
        if (event.type !== 'new_message' || !event.messageId) return;
        this.pushed.add(event.messageId);
        for (const w of this.waiters.splice(0)) {
          if (w.id === event.messageId) w.resolve();
          else this.waiters.push(w);
        }
      });
      ws.once('open', () => {
        this.opened++;
        resolve();
      });
      ws.once('error', (error) => reject(error));
      ws.once('close', () => {
        if (!this.closed) void this.reopen();
      });
    });
  }

  private async reopen() {
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        return await this.open();
      } catch {
        await new Promise((r) => setTimeout(r, Math.min(100 * attempt, 1000)));
      }
    }
  }

  /** Resolves once the message `id` has been pushed to this socket (past or future). */
  received(id: string): Promise<void> {
    if (this.pushed.has(id)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ id, resolve }));
  }

  get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
