import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { statementRecordingApp } from '../../test/statement-recorder.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-app.js';
import { coalesceByToken, SESSION_BATCH_MAX, SESSION_BATCH_SIZES } from './session-lookup.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesceByToken', () => {
  it('runs the lookups of one turn as one call, each token once, and hands every caller its own row', async () => {
    const calls: string[][] = [];
    const lookup = coalesceByToken(async (tokens: string[]) => {
      calls.push(tokens);
      return tokens.filter((t) => t !== 'gone').map((token) => ({ token, user: `user of ${token}` }));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'gone'].map((t) => lookup(t)));
    expect(calls).toEqual([['a', 'b', 'gone']]);
    expect(answers).toEqual([
      { token: 'a', user: 'user of a' },
      { token: 'b', user: 'user of b' },
      { token: 'a', user: 'user of a' },
      undefined,
    ]);

    // A later turn is a statement of its own: nothing is answered from an earlier one.
    await lookup('a');
    expect(calls).toEqual([['a', 'b', 'gone'], ['a']]);
  });

  it('starts another batch past the cap, and a failed call fails its own batch only', async () => {
    const calls: string[][] = [];
    const lookup = coalesceByToken(async (tokens: string[]) => {
      calls.push(tokens);
      if (tokens.includes('bad')) throw new Error('connection lost');
      return tokens.map((token) => ({ token }));
    });
    const tokens = Array.from({ length: SESSION_BATCH_MAX + 1 }, (_, i) => (i === SESSION_BATCH_MAX ? 'bad' : `t${i}`));
    const settled = await Promise.allSettled(tokens.map((t) => lookup(t)));
    expect(calls.map((c) => c.length)).toEqual([SESSION_BATCH_MAX, 1]);
    expect(settled.slice(0, SESSION_BATCH_MAX).every((s) => s.status === 'fulfilled')).toBe(true);
    expect(settled[SESSION_BATCH_MAX]).toMatchObject({ status: 'rejected', reason: new Error('connection lost') });
    await turn();
    expect(await lookup('t1')).toEqual({ token: 't1' });
  });
});

describe('sessions looked up together', () => {
  let recorder: Awaited<ReturnType<typeof statementRecordingApp>>;
  let base: string;
  let people: RegisteredUser[];
  let revoked: RegisteredUser;
  beforeAll(async () => {
    recorder = await statementRecordingApp();
    await recorder.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(recorder.app.server.address() as AddressInfo).port}`;
    people = await Promise.all(Array.from({ length: 12 }, () => registerUser(recorder.app)));
    revoked = people[5]!;
    await recorder.app.database.db.execute(sql`delete from sessions where user_id = ${revoked.user.id}`);
  });
  afterAll(() => recorder.close());

  const lookups = (statements: string[]) =>
    statements.filter((text) => /"sessions"/.test(text) && /"sessions"\."token" in \(/i.test(text));
  function expectEachOwnAnswer(answers: { status: number; body: unknown }[]) {
    answers.forEach((answer, i) => {
      if (people[i] === revoked) return expect(answer.status).toBe(401);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: people[i]!.user.id, email: people[i]!.email });
    });
  }

  it('requests of the same moment share one statement, and each gets its own account or its refusal', async () => {
    const { res, statements } = await recorder.record(() =>
      Promise.all(
        people.map((p) => recorder.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: p.cookie } })),
      ),
    );
    expectEachOwnAnswer(res.map((r) => ({ status: r.statusCode, body: r.json() as unknown })));
    expect(lookups(statements)).toHaveLength(1);
  });

  it('over real sockets, at most one lookup a request, and the same answers', async () => {
    const { res, statements } = await recorder.record(() =>
      Promise.all(
        people.map(async (p) => {
          const res = await fetch(`${base}/api/auth/user`, { headers: { cookie: p.cookie } });
          return { status: res.status, body: (await res.json()) as unknown };
        }),
      ),
    );
    expectEachOwnAnswer(res);
    expect(lookups(statements).length).toBeGreaterThan(0);
    expect(lookups(statements).length).toBeLessThanOrEqual(people.length);
  });

  it('a batch is padded to one of a few fixed sizes, each statement with its own parameters', async () => {
    const { statements } = await recorder.record(() =>
      Promise.all(
        people
          .slice(0, 3)
          .map((p) => recorder.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: p.cookie } })),
      ),
    );
    const [text] = lookups(statements);
    expect(SESSION_BATCH_SIZES).toContain(4);
    expect(text!.match(/\$\d+/g)).toEqual(['$1', '$2', '$3', '$4']);
  });

  // The point of the fixed sizes: `token = any($1)` was planned again for every batch (PostgreSQL chose
  // a custom plan for each array), at about five times the cost of running it.
  it.skipIf(testEngine !== 'postgres')(
    'on PostgreSQL, each lookup statement is planned once and its plan kept',
    async () => {
      const ask = (group: RegisteredUser[]) =>
        Promise.all(
          group.map((p) =>
            recorder.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: p.cookie } }),
          ),
        );
      // One statement a round, rounds one after another: each takes the pool's most recently used
      // connection, whose prepared statements the check below reads.
      for (let i = 0; i < 12; i++) {
        await ask([people[0]!]);
        await ask([people[1]!, people[2]!]);
      }
      const { rows } = (await recorder.app.database.db.execute(
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name in ('session_accounts_by_tokens_1', 'session_accounts_by_tokens_2') order by name`,
      )) as unknown as { rows: { name: string; generic: number; custom: number }[] };
      expect(rows.map((r) => r.name)).toEqual(['session_accounts_by_tokens_1', 'session_accounts_by_tokens_2']);
      for (const row of rows) {
        expect(row.custom).toBeLessThanOrEqual(5); // PostgreSQL's five trial plans, then the kept one
        expect(row.generic).toBeGreaterThan(0);
      }
    },
  );
});
