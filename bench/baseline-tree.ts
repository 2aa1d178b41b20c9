/**
 * The baseline side of `npm run bench`: the code of an older commit, unpacked beside this checkout and
 * run by the same harness, so the two are measured on the same machine in the same run.
 *
 * `git archive <ref>` is unpacked once into the system's temp directory and reused. Its packages: when
 * its package-lock.json is ours, every node_modules directory of this checkout is copied as hard links
 * (`cp -al`, seconds; the workspace links are relative, so @holdfast/* point into the baseline's own
 * tree); otherwise `npm ci` runs there once, which needs the npm registry. Before every use the current
 * `bench/` and the driver tap it counts statements with are copied over it: the same harness on both sides.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's root. */
export const root = dirname(dirname(fileURLToPath(import.meta.url)));
const DRIVER_TAP = 'apps/server/src/test/driver-tap.ts';

/** The folders of this checkout that hold a node_modules: the root and each workspace. */
function nodeModulesDirs(): string[] {
  const workspaces = ['apps', 'packages'].flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(parent, d.name)),
  );
  return ['.', ...workspaces].filter((dir) => existsSync(join(root, dir, 'node_modules')));
}

/** The baseline's tree for `ref` (a commit, tag or branch of this repository), ready to run. */
export function prepareBaselineTree(ref: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--verify', `${ref}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  const dir = join(tmpdir(), `holdfast-baseline-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, '.ready'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    console.log(`unpacking ${ref} (${commit.slice(0, 12)}) into ${dir} (once)`);
    execFileSync('sh', ['-c', `git -C "$0" archive "$1" | tar -x -C "$2"`, root, commit, dir], { stdio: 'inherit' });
    const lock = (tree: string) => readFileSync(join(tree, 'package-lock.json'), 'utf8');
    if (lock(dir) === lock(root)) {
      for (const sub of nodeModulesDirs()) {
        execFileSync('cp', ['-al', join(root, sub, 'node_modules'), join(dir, sub, 'node_modules')]);
      }
    } else {
      console.log(`${ref} has other packages than ours: npm ci there (once)`);
      execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    }
    writeFileSync(join(dir, '.ready'), `${commit}\n`);
  }
  rmSync(join(dir, 'bench'), { recursive: true, force: true });
  cpSync(join(root, 'bench'), join(dir, 'bench'), { recursive: true });
  cpSync(join(root, DRIVER_TAP), join(dir, DRIVER_TAP));
  return { dir, commit };
}
