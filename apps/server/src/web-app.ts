import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath } from './lib/api-path.js';

/** The built web app (apps/web/dist), found from src or from the bundle in dist. */
function findWebDist(configured?: string): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [configured, path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')];
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'index.html')));
}

/**
 * Files under assets/ carry a content hash in their name: a changed file gets a new name, so browsers
 * keep them for a year without asking. index.html names the current ones, so it is checked every time;
 * anything else (favicon) for an hour.
 */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path
    .relative(root, filePath)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relative.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The build's pages for the first routes (routes/dashboard.html answers /dashboard, routes/index.html
 * answers /): index.html plus `<link rel="modulepreload">` for that page's code, so the browser fetches
 * it alongside the entry. Any other address gets index.html.
 */
export function firstRoutePages(root: string): Map<string, string> {
  const dir = path.join(root, 'routes');
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const name of readdirSync(dir)) {
    const page = /^([a-z0-9-]+)\.html$/.exec(name)?.[1];
    if (page) pages.set(page === 'index' ? '/' : `/${page}`, `routes/${name}`);
  }
  return pages;
}

/** Serves the single-page app and answers unknown API paths with the JSON error shape. */
export async function registerWebApp(app: FastifyInstance) {
  const root = findWebDist(app.config.webDistDir);
  const pages = root ? firstRoutePages(root) : new Map<string, string>();
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset; those are sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(root, filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isAsset = /\.[a-z0-9]+$/i.test(pathname);
    if (!isApiPath(pathname) && !isAsset && root && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes: the SPA decides what exists (including its own 404 page).
      return reply.header('cache-control', 'no-cache').sendFile(pages.get(pathname) ?? 'index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found`, code: 'NOT_FOUND' });
  });
}
