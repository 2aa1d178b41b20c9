import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteDataDirFromTemplate } from './pglite-template.js';
import { postgresTestDatabase, type PostgresTestDatabase } from './postgres-template.js';
import { testEngine } from './test-app.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** A database a server process can be pointed at: a PGlite data directory, or a PostgreSQL database. */
export interface ChildDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** A copy of the run's migrated, empty database for the test engine, outside this process. */
export async function childDatabase(): Promise<ChildDatabase> {
  if (testEngine === 'postgres') {
    const copy: PostgresTestDatabase = await postgresTestDatabase();
    return { env: { DATABASE_URL: copy.url }, dispose: () => copy.drop() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-child-'));
  await pgliteDataDirFromTemplate(dataDir);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Resolves with the first output line (past or future) that matches; rejects when the process ends first. */
  line(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (for failure messages). */
  output(): string;
}

/**
 * The server as `npm run dev` runs it (src/main.ts through tsx), as a process of its own on a free port:
 * for what only a real process shows (signals, exit codes). Resolves once it listens and its job worker
 * started. Logs are pino's JSON lines at `info`.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  let ended: Error | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const endWaiters = new Set<(error: Error) => void>();
  void exited.then(({ code, signal }) => {
    ended = new Error(`server exited (code ${code}, signal ${signal}):\n${lines.join('\n')}`);
    for (const reject of endWaiters) reject(ended);
  });
  const onData = (chunk: Buffer) => {
    for (const text of chunk.toString('utf8').split('\n')) {
      if (!text.trim()) continue;
      lines.push(text);
      for (const w of waiters) {
        if (!w.match(text)) continue;
        waiters.delete(w);
        w.resolve(text);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);

  const line: ChildServer['line'] = (match, timeoutMs = 60_000) => {
    const found = lines.find(match);
    if (found) return Promise.resolve(found);
    if (ended) return Promise.reject(ended);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (text: string) => {
          clearTimeout(timer);
          endWaiters.delete(fail);
          resolve(text);
        },
      };
      const fail = (error: Error) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`no matching server output within ${timeoutMs} ms:\n${lines.join('\n')}`)),
        timeoutMs,
      );
      waiters.add(waiter);
      endWaiters.add(fail);
    });
  };

  try {
    const listening = await line((text) => text.includes('Server listening at '));
    const url = /Server listening at (http:\/\/[^"\s]+)/.exec(listening)![1]!;
    await line((text) => text.includes('Holdfast is running at '));
    return { url, process: child, line, exited, output: () => lines.join('\n') };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Pino's message of a JSON log line ('' for anything else). */
export function logMessage(line: string): string {
  try {
    return String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
  } catch {
    return '';
  }
}
