import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../ops/support/processes.js';
import { browserMissing } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the product's first start prepared (migrated, demo data seeded), made once per run. */
    preparedDataDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Global setup of the browser tests. A first start creates the embedded database, migrates it and seeds
 * the demo data (most of a start's seconds); every test file would do the same, so the product is started
 * once here, on a directory of its own, and stopped. Each file's server then starts on a copy of it, as
 * `npm start` does every start after the first.
 */
export default async function setup(project: TestProject) {
  if (browserMissing) return; // every browser test is skipped
  const dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-e2e-prepared-'));
  await (await launch(dataDir)).stop();
  project.provide('preparedDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}

export interface RunningServer {
  url: string;
  /** Everything the server printed so far (standard output and error): its log lines among it. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built product (apps/server/dist/main.js, serving apps/web/dist) on a free port with a data
 * directory of its own: a copy of the run's prepared one (the global setup above), else a new one.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-e2e-'));
  const prepared = await preparedDataDir();
  if (prepared) cpSync(prepared, dataDir, { recursive: true });
  const server = await launch(dataDir, env);
  return {
    url: server.url,
    output: server.output,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function preparedDataDir(): Promise<string | undefined> {
  const { inject } = await import('vitest');
  return inject('preparedDataDir');
}

/** Runs the built product on `dataDir` and a free port, exactly as `npm start` runs it, until `stop()`. */
async function launch(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // main.ts says so once it listens: wait for that line (or the process's end), not for a polled answer.
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(deadline);
      reject(new Error(`${message}:\n${output}`));
    };
    // A bound, not a wait: on a loaded 2-core machine a start can take a minute; the hook allows 120 s.
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      fail('server did not start within 110 s');
    }, 110_000);
    child.stdout?.on('data', (d) => {
      output += d;
      if (output.includes(`Holdfast is running at ${url}`)) {
        clearTimeout(deadline);
        resolve();
      }
    });
    child.stderr?.on('data', (d) => (output += d));
    child.once('exit', (code) => fail(`server exited early (code ${code})`));
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A server that has not shut down within 5 s is killed.
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(kill);
    },
  };
}
