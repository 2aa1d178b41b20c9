// The production install the operations test runs, made the way docs/operations.md and the Dockerfile
// make it.
import { execFileSync, spawnSync } from 'node:child_process';

export interface ProductionInstall {
  /** How an instance starts there. */
  start: { cwd: string; command: string; args: string[] };
  ledgerCheck(databaseUrl: string): { ok: boolean; output: string };
}

export async function productionInstall(root: string, _folder: string): Promise<ProductionInstall> {
  if (!process.env.OPS_NO_BUILD) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return {
    start: { cwd: root, command: process.execPath, args: ['apps/server/dist/main.js'] },
    ledgerCheck(databaseUrl) {
      const run = spawnSync('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
    },
  };
}
