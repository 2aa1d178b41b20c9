import { createRequire } from 'node:module';

/**
 * Loads a package the first time it is needed: by a configured provider (Stripe, S3, SMTP, Redis, image
 * processing), by the first email rendered (React Email), the first password checked (zxcvbn), the first
 * app two-factor enrolment (qrcode) or the first picture uploaded (file-type). A server that never uses
 * one never pays its memory: the providers together cost about 40 MB of RSS at start, React Email about
 * 25 MB, the other three about 6 MB (docs/performance.md, Memory). Types still come from a type-only import.
 *
 * A require, because the server is bundled into one file without code splitting (build.mjs): an import()
 * of one of our modules is inlined and its package imports hoisted to the bundle's top, loaded at start.
 * An import() of a package name does stay lazy (packages are external); db/client.ts uses it for drizzle's
 * node-postgres driver, which must come from drizzle's ESM build like the rest of drizzle (a require
 * would load its CJS copy as well). ES-module-only packages (file-type) load by require on Node >= 20.19.
 * Tests check with `isPackageLoaded` that a package is not loaded before its first use.
 */
export const loadOptional = createRequire(import.meta.url);

/** True once a file of package `name` is in the process (required, or a CommonJS file an ES module imported). */
export function isPackageLoaded(name: string): boolean {
  return Object.keys(loadOptional.cache).some((file) => file.includes(`/node_modules/${name}/`));
}
