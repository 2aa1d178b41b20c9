// npm run deploy-folder [-- <folder>] — after `npm run build`, lays out everything production needs in
// <folder> (default dist/holdfast): the built server and web app, and package files naming only the
// server's runtime dependencies, with a lockfile cut from the repository's (the same versions). There,
// `npm ci --omit=dev` installs them and `npm start`, `npm run migrate`, … run the built files.
//
//   package.json              the workspace root: the operator commands (below) and the server workspace
//   package-lock.json         the repository's lockfile, only what the server needs at run time
//   apps/server/package.json  the server's runtime dependencies (@holdfast/* are bundled into dist)
//   apps/server/dist/         main.js, migrate.js, create-admin.js, ledger-check.js, backup.js,
//                             sanctions-import.js, migrations/, sample-sdn.csv, sample-alt.csv
//   apps/web/dist/            the web app, served by the server
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MARK = 'Holdfast production folder, made by `npm run deploy-folder`';
/** The repository's scripts that production keeps, each without its build step (built already). */
const COMMANDS = ['start', 'migrate', 'create-admin', 'ledger:check', 'backup', 'sanctions:import'];

const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

const target = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist/holdfast'));
for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html'])
  if (!existsSync(path.join(ROOT, built))) fail(`${built} is missing: run \`npm run build\` first.`);
prepareTarget(target);

const rootPackage = readJson('package.json');
const serverPackage = readJson('apps/server/package.json');
const dependencies = Object.fromEntries(
  Object.entries(serverPackage.dependencies).filter(([name]) => !name.startsWith('@holdfast/')),
);
const scripts = Object.fromEntries(
  COMMANDS.map((name) => {
    const run = rootPackage.scripts[name].split('&&').pop().trim();
    if (!run.startsWith('node ')) fail(`package.json's "${name}" should end with \`&& node …\`; it is: ${run}`);
    return [name, run];
  }),
);

writeJson(path.join(target, 'package.json'), {
  name: rootPackage.name,
  description: MARK,
  private: true,
  type: 'module',
  workspaces: ['apps/server'],
  engines: rootPackage.engines,
  overrides: rootPackage.overrides,
  scripts,
});
writeJson(path.join(target, 'apps/server/package.json'), {
  name: serverPackage.name,
  version: serverPackage.version,
  private: true,
  type: 'module',
  dependencies,
});
writeJson(path.join(target, 'package-lock.json'), prunedLockfile(readJson('package-lock.json'), dependencies));
cpSync(path.join(ROOT, 'apps/server/dist'), path.join(target, 'apps/server/dist'), { recursive: true });
cpSync(path.join(ROOT, 'apps/web/dist'), path.join(target, 'apps/web/dist'), { recursive: true });
console.log(`Production folder ready: ${target}\nNext: cd ${target} && npm ci --omit=dev --no-audit --no-fund`);

/**
 * The repository's lockfile cut down to the packages the server reaches at run time, each at the same
 * place (so Node resolves every import exactly as in the repository) and version. Followed: dependencies,
 * required peers and optional dependencies (kept optional: sharp's per-platform binaries). Not followed:
 * optional peers, which is how `npm ci --omit=dev` on the whole repository would still bring vitest, vite
 * and drizzle-kit (Better Auth names them as optional peers, and the repository installs them for dev).
 */
function prunedLockfile(lock, dependencies) {
  const all = lock.packages;
  // Node's lookup: node_modules/<name> in the folder, then in each folder above it.
  const resolve = (from, name) => {
    for (let dir = from; ;) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (all[candidate]) return candidate;
      if (!dir) return undefined;
      const up = dir.lastIndexOf('/node_modules/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
  };
  const reach = (withOptional) => {
    const seen = new Set();
    const queue = [['apps/server', { dependencies }]];
    while (queue.length) {
      const [from, entry] = queue.shift();
      const peers = Object.keys(entry.peerDependencies ?? {}).filter((n) => !entry.peerDependenciesMeta?.[n]?.optional);
      const optional = withOptional ? Object.keys(entry.optionalDependencies ?? {}) : [];
      for (const name of [...Object.keys(entry.dependencies ?? {}), ...peers, ...optional]) {
        const found = resolve(from, name);
        if (!found) {
          if (optional.includes(name)) continue;
          fail(`package-lock.json has no ${name} for ${from}: run npm install`);
        }
        if (seen.has(found)) continue;
        seen.add(found);
        queue.push([found, all[found]]);
      }
    }
    return seen;
  };
  const required = reach(false);
  const packages = {
    '': { name: rootPackage.name, workspaces: ['apps/server'], engines: rootPackage.engines },
    'apps/server': { name: serverPackage.name, version: serverPackage.version, dependencies },
    'node_modules/@holdfast/server': { resolved: 'apps/server', link: true },
  };
  for (const location of [...reach(true)].sort()) {
    // The repository's dev/optional marks describe its own tree; here everything is a runtime package.
    const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...entry } = all[location];
    packages[location] = required.has(location) ? entry : { ...entry, optional: true };
  }
  return { name: lock.name, lockfileVersion: lock.lockfileVersion, requires: true, packages };
}

/** A new or empty folder, or an earlier production folder, whose files of ours are replaced (not node_modules). */
function prepareTarget(dir) {
  if (existsSync(dir) && readdirSync(dir).length) {
    const previous = path.join(dir, 'package.json');
    if (!existsSync(previous) || JSON.parse(readFileSync(previous, 'utf8')).description !== MARK)
      fail(`${dir} is not empty and not a production folder made by this command: choose a new folder.`);
    for (const ours of ['apps', 'package.json', 'package-lock.json'])
      rmSync(path.join(dir, ours), { recursive: true, force: true });
  }
  mkdirSync(path.join(dir, 'apps/server'), { recursive: true });
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
