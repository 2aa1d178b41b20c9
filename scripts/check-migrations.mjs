// Fails when the Drizzle schema has changes that no committed migration contains:
// generates into a scratch copy of the migrations folder and checks nothing new appears.
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const committed = path.join(root, 'apps/server/src/db/migrations');
const scratch = mkdtempSync(path.join(tmpdir(), 'holdfast-migrations-'));
cpSync(committed, scratch, { recursive: true });
const config = path.join(scratch, 'drizzle.config.mjs');
writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(root, 'apps/server/src/db/schema/index.ts'))}, out: ${JSON.stringify(scratch)} };\n`,
);
const before = readdirSync(scratch).length;
execFileSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config, '--name', 'drift'], {
  cwd: root,
  stdio: 'pipe',
});
const added = readdirSync(scratch).filter((f) => f.includes('drift'));
if (added.length || readdirSync(scratch).length !== before) {
  console.error('The schema has changes without a migration: run `npm run db:generate -- --name <change>`.');
  process.exit(1);
}
console.log('Migrations match the schema.');
