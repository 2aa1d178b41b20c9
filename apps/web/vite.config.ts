import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// Relative: the config is bundled by Vite, which leaves workspace packages (TypeScript sources) to Node.
import { THEME_INIT_SCRIPT } from '../../packages/contracts/src/theme';
import { signedInGroupName } from './vite.chunks';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = process.env.HOLDFAST_API_URL ?? 'http://localhost:5000';

/**
 * Writes name.br and name.gz beside every built text file over 1 KB, at the strongest settings: the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'holdfast-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Puts the theme setter (THEME_INIT_SCRIPT) first in <head>, inline, so the `dark` class is on <html>
 * before anything paints: no request, and no flash of the light page. The server's CSP allows it by hash.
 */
function themeScript(): Plugin {
  return {
    name: 'holdfast-theme-script',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/**
 * Puts the app's stylesheet into index.html as a <style> element (12 KB gzip): the first paint no longer
 * waits for a render-blocking stylesheet request after the HTML. The CSP allows inline styles. A
 * disabled <link> to the same file stays (never fetched, never applied): Vite's loader of page chunks
 * sees the stylesheet as present and does not fetch and add it again.
 */
function inlineCss(): Plugin {
  return {
    name: 'holdfast-inline-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
        });
      },
    },
  };
}

/**
 * The signed-in pages a visit most often starts on, with the modules router.tsx fetches for them at start
 * (FIRST_ROUTE_CHUNKS there). The signed-out pages are left out: their own chunk is small, and preloading
 * it beside the entry delayed the first paint (Lighthouse FCP 2.0 → 2.2 s) for no gain in LCP.
 */
const FIRST_ROUTES: Record<string, string[]> = {
  '/dashboard': ['src/app/layout/app-shell.tsx', 'src/features/dashboard/pages/dashboard.tsx'],
  '/transactions': ['src/app/layout/app-shell.tsx', 'src/features/transactions/pages/transactions.tsx'],
};

/**
 * Writes routes/<page>.html for each first route: index.html with `<link rel="modulepreload">` for the
 * page's chunks and everything they import. The server answers that page's address with it, so the
 * browser fetches the page's code alongside the entry instead of after running it (one round trip
 * less before the first paint of the page itself).
 */
function firstRoutePages(): Plugin {
  return {
    name: 'holdfast-first-route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const closure = (files: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            const chunk = bundle[file];
            if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          };
          files.forEach(visit);
          return seen;
        };
        const inIndex = closure(entry ? [entry.fileName] : []);
        for (const [route, modules] of Object.entries(FIRST_ROUTES)) {
          const roots = modules.map((module) => {
            const id = path.resolve(here, module);
            // The page's own chunk, or the group chunk it was put in (vite.chunks.ts).
            const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
            if (!chunk) throw new Error(`first route ${route}: no chunk for ${module}`);
            return chunk.fileName;
          });
          const links = [...closure(roots)]
            .filter((file) => !inIndex.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('');
          this.emitFile({
            type: 'asset',
            fileName: `routes/${route === '/' ? 'index' : route.slice(1)}.html`,
            source: String(html.source).replace('</head>', `${links}</head>`),
          });
        }
      },
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss(), themeScript(), inlineCss(), firstRoutePages(), precompress()],
  resolve: { alias: { '@': path.resolve(here, 'src') } },
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Building a Zod schema has no side effect: the shared contracts' schemas a page does not use are
      // dropped (the landing page needs a few constants from them, not Zod).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // React changes less often than the app: its own long-cacheable chunk, needed by every page.
        // Other libraries are not grouped: a catch-all vendor chunk would put the signed-in pages'
        // libraries (Stripe, charts, forms) into the first load; the bundler shares them between the
        // page chunks that use them instead.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|wouter)[\\/]/, priority: 30 },
            // The signed-in app's shell and small shared modules: see vite.chunks.ts.
            {
              name: signedInGroupName(path.resolve(here, 'src')),
              priority: 20,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
