import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDatabase, embeddedDatabaseInUse, missingEmbeddedDatabase } from './database-target.js';

describe('the database an operator command works on', () => {
  it('names the database it checks, never printing a password', () => {
    expect(describeDatabase({ databaseUrl: 'postgres://app:s3cret@db.internal:5432/holdfast', dataDir: '/x' })).toBe(
      'PostgreSQL postgres://app:***@db.internal:5432/holdfast',
    );
    expect(describeDatabase({ databaseUrl: undefined, dataDir: '/srv/holdfast' })).toBe(
      'embedded database in /srv/holdfast/pglite',
    );
  });

  it('refuses a data dir that holds no database instead of reading a new empty one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'holdfast-ledger-check-'));
    expect(missingEmbeddedDatabase({ databaseUrl: undefined, dataDir: dir })).toMatch(/^No database in .*pglite/);
    expect(missingEmbeddedDatabase({ databaseUrl: undefined, dataDir: path.join(dir, 'absent') })).toMatch(
      /Set DATA_DIR/,
    );
    mkdirSync(path.join(dir, 'pglite'));
    writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17\n');
    expect(missingEmbeddedDatabase({ databaseUrl: undefined, dataDir: dir })).toBeNull();
    expect(missingEmbeddedDatabase({ databaseUrl: 'postgres://localhost/x', dataDir: dir })).toBeNull();
  });

  it('refuses an embedded database another process has open (PGlite keeps postmaster.pid meanwhile)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'holdfast-in-use-'));
    mkdirSync(path.join(dir, 'pglite'));
    expect(embeddedDatabaseInUse({ databaseUrl: undefined, dataDir: dir })).toBeNull();
    writeFileSync(path.join(dir, 'pglite', 'postmaster.pid'), '-42\n');
    expect(embeddedDatabaseInUse({ databaseUrl: undefined, dataDir: dir })).toMatch(
      /open in another process.*stop the server first/s,
    );
    expect(embeddedDatabaseInUse({ databaseUrl: 'postgres://localhost/x', dataDir: dir })).toBeNull();
  });
});
