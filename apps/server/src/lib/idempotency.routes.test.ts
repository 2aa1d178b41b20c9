import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_OPERATION } from './idempotency.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { as } from '../test/money-factories.js';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in.js';
import { crashPoints, databaseState, rowChanges } from '../test/crash-points.js';
import { IDEMPOTENT_ROUTE_CASES, type IdempotentCall, type RouteCase } from '../test/idempotent-route-cases.js';

/**
 * Every idempotent route stores its answer in the database transaction of its effect (decision 004),
 * checked through the real app and database for each route of IDEMPOTENT_ROUTE_CASES: a request killed
 * before its commit leaves nothing and its retry runs at once; one killed after its commit, before it
 * answered, is answered by its retry with the stored answer; two sent at once with one key have one effect
 * and one answer.
 */
interface Stand {
  t: TestApp;
  crash: ReturnType<typeof crashPoints>;
}

let stripe: StripeStandIn;
const stands: Partial<Record<'sandbox' | 'stripe', Stand>> = {};

async function stand(env?: Record<string, string>): Promise<Stand> {
  let crash!: ReturnType<typeof crashPoints>;
  const t = await createTestApp({ env, prepare: (app) => (crash = crashPoints(app)) });
  return { t, crash };
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  stands.sandbox = await stand();
  stands.stripe = await stand({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
  });
});
afterAll(async () => {
  await Promise.all([stands.sandbox?.t.close(), stands.stripe?.t.close()]);
  await stripe.close();
});

const send = (s: Stand, call: IdempotentCall, key: string, headers: Record<string, string> = {}) =>
  as(s.t.app, call.who)(call.method, call.url, call.body, { 'idempotency-key': key, ...headers });
const replayed = (res: { headers: Record<string, unknown> }) => res.headers['idempotent-replayed'] === 'true';

/** Sends the call to die at a crash point, and waits until it has (failing if it answered instead). */
async function dies(s: Stand, call: IdempotentCall, key: string, ...point: Parameters<Stand['crash']['next']>) {
  const stop = await s.crash.next(...point);
  const answered = send(s, call, key, stop.headers).then((res) => {
    throw new Error(`answered instead of dying: ${res.statusCode} ${res.body}`);
  });
  await Promise.race([stop.stopped, answered]);
  // Lets it run on once the test is done with it, its answer unseen.
  return async () => {
    stop.release();
    await answered.catch(() => undefined);
  };
}

it('lists every operation the OpenAPI document marks idempotent, and no other', () => {
  const paths = stands.sandbox!.t.app.swagger().paths ?? {};
  const marked = Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations ?? {})
      .filter(([, operation]) => (operation as Record<string, unknown>)[IDEMPOTENT_OPERATION] === true)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(marked.length).toBeGreaterThan(0);
  expect(IDEMPOTENT_ROUTE_CASES.map((c) => c.route).sort()).toEqual(marked.sort());
});

describe.each(IDEMPOTENT_ROUTE_CASES)('$route', (c: RouteCase) => {
  const s = () => stands[c.app ?? 'sandbox']!;
  const setup = () => c.setup({ app: s().t.app, stripe });
  const state = () => databaseState(s().t.database.db);

  it('stores its answer with its effect: killed before or after the commit, or sent twice at once', async () => {
    // Killed before the commit of its effect, or of its answer: nothing of it remains, and its retry runs at
    // once (no 409), once.
    const first = await setup();
    const key = `before-commit-${randomUUID()}`;
    const untouched = await state();
    const dead = [await dies(s(), first, key, 'before-commit', 'effect')];
    expect(await state()).toEqual(untouched);
    dead.push(await dies(s(), first, key, 'before-commit', 'answer'));
    expect(await state()).toEqual(untouched);
    const retry = await send(s(), first, key);
    expect(retry.statusCode, retry.body).toBeLessThan(300);
    expect(replayed(retry)).toBe(false);
    const done = await state();
    const effect = rowChanges(untouched, done);
    expect(effect.idempotency_keys).toBe(1);
    const again = await send(s(), first, key);
    expect([again.statusCode, again.body, replayed(again)]).toEqual([retry.statusCode, retry.body, true]);
    expect(await state()).toEqual(done);
    for (const runOn of dead) await runOn();

    // Killed after its commit, before it answered: the retry gets the answer that committed with the effect.
    const second = await setup();
    const before = await state();
    const stop = await s().crash.next('after-commit');
    const lost = send(s(), second, 'after-commit', stop.headers);
    await stop.stopped;
    const committed = await state();
    expect(rowChanges(before, committed)).toEqual(effect);
    const answered = await send(s(), second, 'after-commit');
    expect(replayed(answered)).toBe(true);
    expect(await state()).toEqual(committed);
    stop.release();
    const never = await lost;
    expect([answered.statusCode, answered.body]).toEqual([never.statusCode, never.body]);

    // Two at once with one key: one effect, and both get its answer.
    const third = await setup();
    const ahead = await state();
    const [a, b] = await Promise.all([send(s(), third, 'twice'), send(s(), third, 'twice')]);
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    expect(a.statusCode, a.body).toBeLessThan(300);
    expect([replayed(a), replayed(b)].sort()).toEqual([false, true]);
    expect(rowChanges(ahead, await state())).toEqual(effect);
  });
});
