// Fails when the source files import each other in a circle, type-only imports included. ESLint's
// `import-x/no-cycle` (eslint.config.js) skips `import type` by design, yet a circle of types is the same
// knot for a reader and the next value import closes it for real; this walks every import TypeScript sees.
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const workspaces = ['apps/server', 'apps/web', 'packages/contracts'];
const skip = new Set(['node_modules', 'migrations']);

/** Every .ts/.tsx file under `dir`, tests included. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** file -> the files of ours it imports (static, dynamic, type-only, re-exports, `import('…')` types). */
const imports = new Map();
for (const workspace of workspaces) {
  const tsconfig = path.join(root, workspace, 'tsconfig.json');
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfig));
  for (const file of sourceFiles(path.join(root, workspace, 'src'))) {
    const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    const targets = specifiers
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target) => target && !path.relative(root, target).split(path.sep).includes('node_modules'));
    imports.set(file, [...new Set(targets)]);
  }
}

/** Tarjan's strongly connected components: every group of two or more files that reach each other. */
function circles() {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group);
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The shortest way from `start` back to itself inside its group, to show one concrete circle. */
function shortestLoop(start, group) {
  const members = new Set(group);
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const target of imports.get(file)) {
      if (target === start) {
        const loop = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (members.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
}

const found = circles();
const name = (file) => path.relative(root, file);
for (const group of found) {
  const start = group.map(name).sort()[0];
  console.error(`Import cycle among ${group.length} files, e.g.:`);
  console.error(`  ${shortestLoop(path.join(root, start), group).map(name).join('\n  -> ')}`);
}
if (found.length) process.exit(1);
console.log(`No import cycles (${imports.size} files, type-only imports included).`);
