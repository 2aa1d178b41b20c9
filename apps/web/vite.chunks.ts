import path from 'node:path';

/** What the bundler tells a chunk-naming function about a module (rolldown's `ChunkingContext`). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: string[];
    dynamicallyImportedIds: string[];
    code: string | null;
  } | null;
}

/**
 * Package entry files that only re-export many small modules (lucide's icons, Radix's packages). A page
 * importing two icons from `lucide-react` reaches every icon through the index in the module graph; the
 * walk below follows only the names the importer asks for.
 */
const BARREL =
  /[\\/]node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/]lucide-react|radix-ui[\\/]dist[\\/]index)\.mjs$/;
const BARREL_NAME = { 'lucide-react': BARREL, 'radix-ui': BARREL } as const;

/** name → module id for a barrel: `export { default as A, default as B } from './x.mjs'`, `import * as A from 'pkg'`. */
function barrelExports(id: string, graph: ModuleGraph): Map<string, string> {
  const info = graph.getModuleInfo(id);
  const names = new Map<string, string>();
  if (!info?.code) return names;
  const resolve = (spec: string) =>
    spec.startsWith('.')
      ? path.resolve(path.dirname(id), spec)
      : info.importedIds.find((dep) => dep.includes(`${path.sep}node_modules${path.sep}${spec}${path.sep}`));
  for (const m of info.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(m[2]);
    if (!target) continue;
    for (const part of m[1].split(','))
      names.set(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
        target,
      );
  }
  for (const m of info.code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) {
    const target = resolve(m[2]);
    if (target) names.set(m[1], target);
  }
  return names;
}

/** The names a module imports from a package: `import { A, B as C } from 'pkg'`; null when it cannot tell. */
function importedNames(code: string, pkg: string): string[] | null {
  const names: string[] = [];
  const escaped = pkg.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  for (const m of code.matchAll(new RegExp(`import\\s*([^;]*?)\\s*from\\s*["']${escaped}["']`, 'g'))) {
    const braces = /^\{([^}]*)\}$/.exec(m[1].trim());
    if (!braces) return null; // a namespace or default import: everything
    for (const part of braces[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * One chunk for the signed-in app's common code instead of dozens of tiny ones. Left alone, the bundler
 * gives every set of pages that shares a module its own file: a signed-in page opened directly fetched
 * about 60 scripts (the shell's Radix menus and helpers, single lucide icons, small shared components),
 * and on a slow connection the round trips cost more than the bytes. Grouped into `app-shell`:
 *
 * - everything the app shell imports (every signed-in page loads the shell anyway), and
 * - a module that two or more signed-in pages import, when it and whatever it needs beyond the shell come
 *   to at most SHARED_MAX_SIZE of source (icons, small components, query hooks), so a page finds them in
 *   the chunk it already has. Larger shared code (forms, Zod, Stripe, the transaction card) stays in the
 *   chunks the bundler shares between the pages that use it.
 *
 * Never grouped: whatever the signed-out pages may load (the entry, the landing, sign-in and password
 * pages with everything they import, lazily too), so the first route's JavaScript does not change.
 */
export const SHARED_MAX_SIZE = 6_000;

export function signedInGroupName(srcDir: string): (id: string, graph: ModuleGraph) => string | null {
  let group: Set<string> | undefined;
  let common: Set<string> | undefined;
  let boot: Set<string> | undefined;
  let dialogs: Set<string> | undefined;
  return (id, graph) => {
    if (!group || !common || !boot || !dialogs) {
      // What the entry imports (React aside: its own group) in one file. Left alone, the bundler puts
      // the modules the lazy pages share with the entry (React Query's hooks, the contracts' constants)
      // in files of their own: two more requests before anything paints, on every page.
      boot = moduleSets(srcDir, graph).always;
      group = signedInGroup(srcDir, graph);
      common = sharedSmallModules(srcDir, graph);
      dialogs = dialogModules(srcDir, graph, new Set([...boot, ...group, ...common]));
      if (process.env.CHUNK_DEBUG) {
        for (const m of group) console.log('[chunks]', path.relative(srcDir, m), graph.getModuleInfo(m)?.code?.length);
        for (const m of common)
          console.log('[chunks:common]', path.relative(srcDir, m), graph.getModuleInfo(m)?.code?.length);
      }
    }
    if (boot.has(id)) return 'boot';
    if (group.has(id)) return 'app-shell';
    if (common.has(id)) return 'common';
    return dialogs.has(id) ? 'dialogs' : null;
  };
}

/** Largest module (characters of source) that joins the `common` chunk. */
export const COMMON_MAX_SIZE = 6_000;

/**
 * One `common` chunk for the small modules that both a signed-out page and a signed-in first page
 * (the shell, the dashboard, the transactions list) import: single lucide icons, the logo, the format
 * helpers, Radix's smallest helpers. Left alone, each is its own file of a few hundred bytes, and a
 * signed-in page opened directly fetched about 20 of them before its first paint: on a slow link every
 * file costs a round trip, more than its bytes. A signed-out page now loads them as one file, a few
 * of them unused (the first route's JavaScript stays within its budget: `bench/first-load.ts`).
 */
export function sharedSmallModules(srcDir: string, graph: ModuleGraph): Set<string> {
  const { reach, signedOut, always } = moduleSets(srcDir, graph);
  const firstPages = [
    'app/layout/app-shell.tsx',
    'features/dashboard/pages/dashboard.tsx',
    'features/transactions/pages/transactions.tsx',
  ];
  const signedIn = reach(
    firstPages.map((page) => path.join(srcDir, page)),
    () => false,
    always,
  );
  return new Set(
    [...signedIn].filter(
      (id) =>
        signedOut.has(id) && !always.has(id) && (graph.getModuleInfo(id)?.code?.length ?? Infinity) <= COMMON_MAX_SIZE,
    ),
  );
}

/**
 * The dialog and alert dialog (Radix, with its focus trap, scroll lock and their helpers) in one `dialogs`
 * chunk: the pages with actions (the transactions list's cards, a transaction's page) use both, and left
 * alone the bundler cut them into eight small files, each a round trip before the list's first paint.
 */
export function dialogModules(srcDir: string, graph: ModuleGraph, taken: Set<string>): Set<string> {
  const { reach } = moduleSets(srcDir, graph);
  const roots = ['components/ui/dialog.tsx', 'components/ui/alert-dialog.tsx'].map((file) => path.join(srcDir, file));
  return new Set([...reach(roots, () => false, taken)]);
}

/** The module-graph walks both groups use: `reach`, and what every page and the signed-out pages load. */
function moduleSets(srcDir: string, graph: ModuleGraph) {
  const router = path.join(srcDir, 'app/router.tsx');
  const barrels = new Map<string, Map<string, string>>();
  /** A module's static imports, through a barrel only to the modules it names. */
  const staticDeps = (id: string): string[] => {
    const info = graph.getModuleInfo(id);
    if (!info) return [];
    return info.importedIds.flatMap((dep) => {
      if (!BARREL.test(dep) || !info.code) return [dep];
      const pkg = Object.keys(BARREL_NAME).find((name) => dep.includes(`${path.sep}${name}${path.sep}`))!;
      const names = importedNames(info.code, pkg);
      if (!names?.length) return [dep];
      if (!barrels.has(dep)) barrels.set(dep, barrelExports(dep, graph));
      const targets = names.map((name) => barrels.get(dep)!.get(name));
      return targets.every(Boolean) ? (targets as string[]) : [dep];
    });
  };
  const reach = (roots: string[], followDynamic: (from: string) => boolean, stop?: Set<string>) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id) || stop?.has(id)) continue;
      seen.add(id);
      stack.push(...staticDeps(id));
      if (followDynamic(id)) stack.push(...(graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
    }
    return seen;
  };
  const size = (ids: Iterable<string>) => {
    let total = 0;
    for (const id of ids) total += graph.getModuleInfo(id)?.code?.length ?? Infinity;
    return total;
  };

  const pages = graph.getModuleInfo(router)?.dynamicallyImportedIds ?? [];
  const signedOutPages = pages.filter((id) => /[\\/]features[\\/](landing|auth)[\\/]/.test(id));
  // Loaded by every page: the entry and what it imports.
  const always = reach([path.join(srcDir, 'main.tsx')], () => false);
  // The signed-out pages with everything they may load, lazily too (the router's own lazy pages aside).
  const signedOut = reach([path.join(srcDir, 'main.tsx'), ...signedOutPages], (from) => from !== router);
  return { reach, size, pages, always, signedOut };
}

export function signedInGroup(srcDir: string, graph: ModuleGraph): Set<string> {
  const { reach, size, pages, always, signedOut } = moduleSets(srcDir, graph);
  const group = new Set(
    [...reach([path.join(srcDir, 'app/layout/app-shell.tsx')], () => false, always)].filter((id) => !signedOut.has(id)),
  );

  const users = new Map<string, number>();
  for (const page of pages) {
    if (signedOut.has(page)) continue;
    for (const id of reach([page], () => false, always)) users.set(id, (users.get(id) ?? 0) + 1);
  }
  // Most shared first. A module joins with what it needs beyond the entry and the group so far, when all
  // of that is small: a signed-in page then loads it with the group, whether it uses it or not.
  const shared = [...users]
    .filter(([id, count]) => count >= 2 && !group.has(id) && !signedOut.has(id))
    .sort((a, b) => b[1] - a[1]);
  for (const [id] of shared) {
    if (group.has(id)) continue;
    const needed = new Set<string>();
    for (const dep of reach([id], () => false, always)) if (!group.has(dep)) needed.add(dep);
    if (size(needed) <= SHARED_MAX_SIZE) for (const dep of needed) if (!signedOut.has(dep)) group.add(dep);
  }
  return group;
}
