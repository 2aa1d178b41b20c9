import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sanctionsEntries, sanctionsLists } from '../../db/schema/index.js';
import { auditOf } from '../../test/audit.js';
import { createTestDatabase } from '../../test/test-app.js';
import { DEMO_ACCOUNTS } from '../../startup.js';
import { importSanctionsList, loadSampleList, screenName, screenNames, SanctionsFileError } from './index.js';
import { SAMPLE_LIST_FILE } from './sanctions.sample.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

const row = (n: number, name: string, type = 'individual') =>
  `${n},"${name}","${type}","TEST",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n`;

describe('importSanctionsList', () => {
  it('loads the sample list with its aliases and records what was loaded', async () => {
    const result = await loadSampleList(db(), new Date('2026-01-05T10:00:00Z'));
    expect(result).toEqual({ listId: 'sample', entries: 12, aliases: 5, replaced: null });
    const [list] = await db().select().from(sanctionsLists).where(eq(sanctionsLists.listId, 'sample'));
    expect(list).toMatchObject({ sourceFile: 'sample-sdn.csv + sample-alt.csv', entryCount: 12, aliasCount: 5 });
    expect(list!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await auditOf(db(), 'sanctions_list', 'sample');
    expect(audit).toMatchObject({ action: 'sanctions_list.import', actorUserId: null });
  });

  it('replaces a list whole, in one transaction, and leaves other lists alone', async () => {
    const now = new Date('2026-01-06T10:00:00Z');
    await importSanctionsList(db(), { listId: 'other', list: { name: 'a.csv', text: row(1, 'ALPHA, One') }, now });
    const first = await importSanctionsList(db(), {
      listId: 'test',
      list: { name: 'v1.csv', text: row(1, 'BRAVO, Two') + row(2, 'CHARLIE, Three') },
      now,
    });
    expect(first.replaced).toBeNull();
    const second = await importSanctionsList(db(), {
      listId: 'test',
      list: { name: 'v2.csv', text: row(7, 'DELTA, Four') },
      now: new Date('2026-01-07T10:00:00Z'),
    });
    expect(second).toMatchObject({ entries: 1, replaced: { entries: 2, loadedAt: now.toISOString() } });
    const names = (await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.listId, 'test'))).map(
      (e) => e.name,
    );
    expect(names).toEqual(['DELTA, Four']);
    expect(await screenName(db(), { name: 'Two Bravo' })).toEqual([]);
    expect((await screenName(db(), { name: 'Four Delta' }))[0]).toMatchObject({ listId: 'test', entryId: '7' });
    expect((await screenName(db(), { name: 'One Alpha' }))[0]).toMatchObject({ listId: 'other' });
  });

  it('a bad file: a clear error, and the loaded list stays as it was', async () => {
    const before = await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.listId, 'test'));
    const bad = importSanctionsList(db(), {
      listId: 'test',
      list: { name: 'bad.csv', text: row(1, 'ECHO, Five') + '2,"FOXTROT","individual"\n' },
      now: new Date(),
    });
    await expect(bad).rejects.toThrow(SanctionsFileError);
    await expect(bad).rejects.toThrow('The list file, row 2: expected 12 columns');
    await expect(
      importSanctionsList(db(), { listId: 'Bad Id!', list: { name: 'x.csv', text: row(1, 'X') }, now: new Date() }),
    ).rejects.toThrow(/list id/);
    expect(await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.listId, 'test'))).toEqual(before);
  });
});

describe('screenName on the sample list', () => {
  it('finds reordered, accented, misspelt names and aliases, closest first, with scores', async () => {
    const [viktor] = await screenName(db(), { name: 'Viktor Zharovsky' });
    expect(viktor).toMatchObject({
      listId: 'sample',
      entryId: '90001',
      name: 'ZHAROVSKY, Viktor Pavlovich',
      type: 'individual',
    });
    expect(viktor!.score).toBeGreaterThanOrEqual(0.88);
    expect((await screenName(db(), { name: 'jose ignacio marquez del valle' }))[0]?.entryId).toBe('90003');
    expect((await screenName(db(), { name: 'Oxana Dravenko' }))[0]).toMatchObject({
      entryId: '90008',
      matchedName: 'DRAVENKO, Oxana',
      score: 1,
    });
    expect((await screenName(db(), { name: 'Helga Ostrander Vexx' }))[0]?.entryId).toBe('90002');
  });

  it('a date of birth far from the listed one lowers the score; a threshold of 1 wants the exact name', async () => {
    const near = await screenName(db(), { name: 'Oksana Dravenko', dateOfBirth: '1985-11-30' });
    const far = await screenName(db(), { name: 'Oksana Dravenko', dateOfBirth: '2001-02-03' });
    expect(near[0]!.score).toBe(1);
    expect(far[0]!.score).toBeCloseTo(0.9, 5);
    expect(await screenName(db(), { name: 'Oksana Dravenkoo' }, 1)).toEqual([]);
  });

  it('the demo accounts and everyday names are not matched', async () => {
    const names = [
      ...DEMO_ACCOUNTS.map((a) => `${a.firstName} ${a.lastName}`),
      'Thandi Nkosi',
      'Test Seller',
      'John Smith',
    ];
    expect(await screenNames(db(), names)).toEqual([]);
    expect(await screenName(db(), { name: '  ' })).toEqual([]);
  });

  it('ships a sample file in the OFAC sdn.csv shape (12 columns, no header)', () => {
    const lines = readFileSync(SAMPLE_LIST_FILE, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toMatch(/^90001,"ZHAROVSKY, Viktor Pavlovich","individual",/);
  });
});
