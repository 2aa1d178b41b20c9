// Bundles the server and the operator commands (with the workspace's own TypeScript packages) into
// dist/<name>.js, one self-contained file each; third-party packages stay external and load from
// node_modules. A production install has only the server's `dependencies`, so the build fails when the
// bundle imports any other package.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';

// Paths below are the server workspace's, from wherever this runs (npm run build, npm run migrate, …).
process.chdir(import.meta.dirname);
rmSync('dist', { recursive: true, force: true });
const result = await build({
  // Flat in dist: each file finds the migrations (and the web app) beside it, as main.js does.
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/cli/migrate.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'ledger-check': 'src/cli/ledger-check.ts',
    backup: 'src/cli/backup.ts',
    'sanctions-import': 'src/cli/sanctions-import.ts',
  },
  outdir: 'dist',
  // esbuild took its working directory when it was imported, before the chdir above.
  absWorkingDir: process.cwd(),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@holdfast/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The made-up sanctions list for development and the demo (modules/sanctions/sanctions.sample.ts finds it beside the bundle).
for (const sample of ['sample-sdn.csv', 'sample-alt.csv']) cpSync(`src/modules/sanctions/${sample}`, `dist/${sample}`);

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const undeclared = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const { path, external } of output.imports)
    if (external && !isBuiltin(path) && !(packageOf(path) in dependencies)) undeclared.add(packageOf(path));
if (undeclared.size) {
  console.error(
    `The server imports ${[...undeclared].join(', ')}, not in apps/server/package.json's dependencies: ` +
      'a production install would not have it. Add it there (npm install <name> -w @holdfast/server).',
  );
  process.exit(1);
}
