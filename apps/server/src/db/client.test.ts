import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// The whole server's modules, as the bundle loads them at start (nothing is built or opened here).
import '../app.js';
import { isPackageLoaded } from '../lib/optional-module.js';
import { openDatabase } from './client.js';

// One test, in order: opening PostgreSQL is what loads node-postgres. This file imports no test helper
// (test/test-app.ts imports pg), and vitest runs each test file in a process of its own.
describe('node-postgres loads with the first PostgreSQL database, never for the embedded one', () => {
  it('opens the embedded database without pg, and PostgreSQL (when configured) with it', async () => {
    expect(isPackageLoaded('pg')).toBe(false);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-client-'));
    try {
      const embedded = await openDatabase({ dataDir });
      expect(embedded.engine).toBe('pglite');
      expect(await embedded.ping()).toBe(true);
      await embedded.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(isPackageLoaded('pg')).toBe(false);

    const url = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB_ENGINE !== 'postgres' || !url) return;
    const postgres = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
    try {
      expect(postgres.engine).toBe('postgres');
      expect(isPackageLoaded('pg')).toBe(true);
      expect(await postgres.ping()).toBe(true);
    } finally {
      await postgres.close();
    }
  });
});
