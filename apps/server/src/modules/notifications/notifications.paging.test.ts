import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAGE_LIMITS, type TNotification, type TNotificationList } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { notifications } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Notifications straight into the table; groups of three share one created_at to the microsecond. */
async function insert(userId: string, n: number) {
  await t.app.database.db.insert(notifications).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      type: 'transaction.created',
      title: `Note ${i}`,
      body: 'Body',
      link: '/transactions',
      createdAt: sql`timestamptz '2026-02-01T00:00:00Z' + make_interval(secs => ${Math.floor(i / 3)}::double precision / 1000000)`,
    })) as never,
  );
}

async function walk(who: RegisteredUser, limit: number) {
  const pages: TNotification[][] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const res = await as(t.app, who)('GET', `/api/notifications?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TNotificationList;
    pages.push(body.notifications);
    cursor = body.nextCursor;
    if (!cursor) return pages;
  }
  throw new Error('the cursor never ended');
}

describe('GET /api/notifications pages with a cursor', () => {
  let ann: RegisteredUser;
  let ben: RegisteredUser;

  beforeAll(async () => {
    [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await insert(ann.user.id, 25);
    await insert(ben.user.id, 4);
  });

  it('answers the plain call with the newest 20, the unread count of all and a cursor for more', async () => {
    const body = (await as(t.app, ann)('GET', '/api/notifications')).json() as TNotificationList;
    expect(body.notifications).toHaveLength(PAGE_LIMITS.notifications.default);
    expect(body.unreadCount).toBe(25);
    expect(body.nextCursor).toEqual(expect.any(String));
    const all = (await walk(ann, 100)).flat();
    expect(body.notifications).toEqual(all.slice(0, 20));
  });

  it('visits every notification once whatever the page size, equal timestamps included', async () => {
    const all = (await walk(ann, 100)).flat();
    expect(all).toHaveLength(25);
    expect(new Set(all.map((n) => n.id)).size).toBe(25);
    for (const limit of [1, 2, 3, 7, 25]) {
      expect((await walk(ann, limit)).flat().map((n) => n.id)).toEqual(all.map((n) => n.id));
    }
    const last = (await as(t.app, ann)('GET', '/api/notifications?limit=25')).json() as TNotificationList;
    expect(last.nextCursor).toBeNull();
  });

  it('pages only the caller’s own, and refuses bad cursors and limits', async () => {
    const benAll = (await walk(ben, 1)).flat();
    expect(benAll).toHaveLength(4);
    const annIds = new Set((await walk(ann, 100)).flat().map((n) => n.id));
    expect(benAll.some((n) => annIds.has(n.id))).toBe(false);
    for (const cursor of ['nope!', 'e30', Buffer.from('["x","y"]').toString('base64url')]) {
      const res = await as(t.app, ann)('GET', `/api/notifications?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CURSOR');
    }
    for (const limit of ['0', '101']) {
      expect((await as(t.app, ann)('GET', `/api/notifications?limit=${limit}`)).json().code).toBe('VALIDATION');
    }
    expect((await as(t.app, null)('GET', '/api/notifications?limit=5')).statusCode).toBe(401);
  });
});
