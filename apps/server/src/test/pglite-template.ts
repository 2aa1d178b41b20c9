import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { databaseFromPglite, pgliteDir, pgliteStartParams } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite data directory (`dumpDataDir`), made once per run. */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the `pglite` test project. Creating a PGlite runs initdb (about 3 s of CPU each, most of a
 * test file's setup); every test file starts from the same migrated, empty database, so it is made once
 * here and each file's database is loaded from a copy of its data directory (under 1 s). The copy is a
 * new database of its own, in memory, exactly what `new PGlite()` and `migrate()` make.
 */
export default async function setup(project: TestProject) {
  const path = join(tmpdir(), `holdfast-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  const client = new PGlite();
  const database = databaseFromPglite(client);
  await database.migrate();
  await writeFile(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', path);
  return () => rm(path, { force: true });
}

/** A PGlite of its own: loaded from the run's template in Vitest, else (benchmarks) made from scratch. */
export async function freshPglite(): Promise<PGlite> {
  const template = await pgliteTemplate();
  if (!template) return new PGlite();
  return new PGlite({ loadDataDir: new Blob([await readFile(template)]) });
}

/**
 * A data directory on disk holding a copy of the run's template, for a server started as its own process
 * (it opens `pgliteDir(dataDir)` as after any first start).
 */
export async function pgliteDataDirFromTemplate(dataDir: string): Promise<void> {
  await (await freshPgliteOnDisk(dataDir)).close();
}

async function pgliteTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('pgliteTemplate');
}

/**
 * A PGlite of its own with its files in `dataDir/pglite`, as the server keeps them: the run's template
 * unpacked there (a new migrated database, without initdb's seconds).
 */
export async function freshPgliteOnDisk(dataDir: string): Promise<PGlite> {
  const template = await pgliteTemplate();
  if (!template) throw new Error('freshPgliteOnDisk needs the pglite test project (its global setup)');
  await mkdir(pgliteDir(dataDir), { recursive: true });
  return new PGlite(pgliteDir(dataDir), {
    loadDataDir: new Blob([await readFile(template)]),
    startParams: pgliteStartParams(),
  });
}
