import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production install of this run: `npm run deploy-folder`, then `npm ci --omit=dev` there. */
    productionFolder: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Global setup of the operations tests: the production install, by the Dockerfile's own commands, made
 * once (after `npm run build`, as test:ops runs it) for every test that runs the product from it.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(tmpdir(), 'holdfast-production-'));
  const folder = path.join(work, 'holdfast');
  await succeed('npm', ['run', 'deploy-folder', '--', folder], ROOT);
  // --prefer-offline: the packages come from npm's cache when it has them (CI's is warm after npm ci).
  await succeed('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], folder);
  project.provide('productionFolder', folder);
  return () => rmSync(work, { recursive: true, force: true });
}

export interface Result {
  code: number | null;
  output: string;
}

/** Runs a command to its end and answers its exit code and output (stdout and stderr together). */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** As `run`, for a step that must succeed: its output, or a failure that shows it. */
export async function succeed(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const { code, output } = await run(command, args, cwd, env);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`);
  return output;
}
