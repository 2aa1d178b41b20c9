// Child processes of the operations test: each one's output goes to a log file of the run, and starting
// one waits for the line that says it is up (an event), never for a fixed time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export interface Managed {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything it printed, for error messages. */
  output(): string;
}

/** Starts `command` with its output in `<logDir>/<name>.log`; resolves once it prints `readyLine`. */
export async function startProcess(opts: {
  name: string;
  command: string;
  args: string[];
  logDir: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** What it prints once it is up; without one, it counts as started once spawned. */
  readyLine?: string | RegExp;
  timeoutMs?: number;
}): Promise<Managed> {
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(path.join(opts.logDir, `${opts.name}.log`), { flags: 'a' });
  let output = '';
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      log.end();
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const managed: Managed = { name: opts.name, child, exited, output: () => output };
  const { readyLine } = opts;
  if (readyLine === undefined) return managed;
  const isReady = () => (typeof readyLine === 'string' ? output.includes(readyLine) : readyLine.test(output));
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${opts.name} did not start within ${opts.timeoutMs ?? 60_000} ms:\n${output}`));
    }, opts.timeoutMs ?? 60_000);
    const check = () => {
      if (!isReady()) return;
      clearTimeout(timeout);
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      resolve();
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timeout);
      reject(new Error(`${opts.name} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return managed;
}

/** Sends `signal` and resolves with how the process ended. */
export async function stopProcess(p: Managed, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  return p.exited;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Asks `probe` until it answers true or `timeoutMs` passes: for conditions only reachable by asking (a
 * load balancer's view of a server). Each try waits for the previous answer, then a short pause.
 */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
