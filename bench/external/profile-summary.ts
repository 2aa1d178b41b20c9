/**
 * Top self-time functions of a V8 CPU profile (node --cpu-prof; `BENCH_CPU_PROF=dir npm run bench`
 * writes one for the app server), grouped by function and file, as a markdown table.
 *
 *   npx tsx bench/external/profile-summary.ts <file.cpuprofile> [top=25] [last-seconds]
 *
 * last-seconds: only the samples of the profile's final seconds (a bench run with BENCH_ONLY=<route>
 * and BENCH_ROUNDS=1 ends with that route's measured run), so start-up and seeding stay out.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
};
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
const times: number[] = [];
let clock = (profile as unknown as { startTime: number }).startTime;
for (const dt of profile.timeDeltas) times.push((clock += dt));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  if (times[i]! < from) return;
  const n = byId.get(id)!;
  const dt = profile.timeDeltas[i] ?? 0;
  const url = n.callFrame.url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '');
  const where = url.replace(/^\/work\/main\//, '') || '(native)';
  const key = `${n.callFrame.functionName || '(anonymous)'} | ${where}:${n.callFrame.lineNumber + 1}`;
  if (n.callFrame.functionName === '(idle)') return;
  self.set(key, (self.get(key) ?? 0) + dt);
  total += dt;
});
const packageOf = (where: string) => {
  if (where.startsWith('(native)') || where.startsWith('node:')) return where.split(':')[0]!;
  if (where.startsWith('apps/') || where.startsWith('packages/') || where.startsWith('bench/')) return 'ours';
  return where.startsWith('@') ? where.split('/').slice(0, 2).join('/') : where.split('/')[0]!;
};
const byPackage = new Map<string, number>();
for (const [key, us] of self) {
  const pkg = packageOf(key.split(' | ')[1]!);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1)}%`;
console.log(`busy time ${(total / 1e6).toFixed(1)} s (idle excluded)\n`);
console.log('| self time | where (package) |\n| ---: | --- |');
for (const [pkg, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`| ${pct(us)} | ${pkg} |`);
console.log('\n| self time | function | file:line |\n| ---: | --- | --- |');
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25))) {
  const [fn, where] = key.split(' | ');
  console.log(`| ${pct(us)} | ${fn} | ${where} |`);
}
