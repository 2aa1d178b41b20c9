import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  LEGAL_MESSAGES,
  LEGAL_PAGE_NAMES,
  LEGAL_PAGE_TITLES,
  type TCompanyDetails,
  type TLegalPage,
  type TLegalPageName,
} from '@holdfast/contracts';
import type { Config } from '../../config.js';
import { ConfigError } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { LEGAL_TEMPLATES, fillTemplate } from './legal.templates.js';

/** A legal page longer than this is a mistake (a wrong file), refused at start rather than served. */
export const LEGAL_PAGE_MAX_BYTES = 256 * 1024;

interface LoadedPage {
  markdown: string;
  template: boolean;
}

/**
 * The operator's `<name>.md` in `dir`, or null when there is none. Only the fixed names of LEGAL_PAGE_NAMES
 * are ever read, once at start: nothing a request says becomes part of a path.
 */
function readOperatorPage(dir: string, name: TLegalPageName): string | null {
  const file = path.join(dir, `${name}.md`);
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new ConfigError(`Invalid configuration:\n  LEGAL_PAGES_DIR: ${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (size > LEGAL_PAGE_MAX_BYTES)
    throw new ConfigError(
      `Invalid configuration:\n  LEGAL_PAGES_DIR: ${file} is larger than ${LEGAL_PAGE_MAX_BYTES / 1024} KB`,
    );
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) throw new ConfigError(`Invalid configuration:\n  LEGAL_PAGES_DIR: ${file} is empty`);
  return text;
}

/** Every legal page: the operator's file where LEGAL_PAGES_DIR has one, else the template. */
export function loadLegalPages(config: Pick<Config, 'legal' | 'company'>): Record<TLegalPageName, LoadedPage> {
  const dir = config.legal.pagesDir;
  if (dir) {
    let isDir: boolean;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) throw new ConfigError(`Invalid configuration:\n  LEGAL_PAGES_DIR: ${dir} is not a folder`);
  }
  const pages = {} as Record<TLegalPageName, LoadedPage>;
  for (const name of LEGAL_PAGE_NAMES) {
    const own = dir ? readOperatorPage(dir, name) : null;
    pages[name] = own
      ? { markdown: own, template: false }
      : { markdown: fillTemplate(LEGAL_TEMPLATES[name], config.company.name), template: true };
  }
  return pages;
}

/** A version derived from the Terms' text: any change to the text is a new version. */
export const derivedTermsVersion = (markdown: string) =>
  createHash('sha256').update(markdown, 'utf8').digest('hex').slice(0, 12);

export interface LegalServiceDeps {
  config: Pick<Config, 'legal' | 'company' | 'isProduction'>;
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * The pages a trustworthy service publishes: the Terms and Privacy Policy (read once at start, so every
 * request and the Terms' version agree until the next start) and the operator's company details.
 */
export function createLegalService({ config, log }: LegalServiceDeps) {
  const pages = loadLegalPages(config);
  /** TERMS_VERSION when set, else derived from the Terms' text (decision 024). */
  const termsVersion = config.legal.termsVersion ?? derivedTermsVersion(pages.terms.markdown);
  if (config.isProduction) {
    const templates = LEGAL_PAGE_NAMES.filter((name) => pages[name].template);
    if (templates.length)
      log?.warn({ pages: templates }, 'legal pages are the built-in templates: put your own in LEGAL_PAGES_DIR');
    if (!config.company.email && !config.company.phone)
      log?.warn('no contact details published: set CONTACT_EMAIL or CONTACT_PHONE');
  }

  return {
    termsVersion,

    /** A page by its name in the URL; anything but a known name is not found. */
    page(name: string): TLegalPage {
      if (!(LEGAL_PAGE_NAMES as readonly string[]).includes(name)) throw notFound(LEGAL_MESSAGES.pageNotFound);
      const page = name as TLegalPageName;
      const { markdown, template } = pages[page];
      return {
        page,
        title: LEGAL_PAGE_TITLES[page],
        markdown,
        template,
        version: page === 'terms' ? termsVersion : null,
      };
    },

    company: (): TCompanyDetails => ({ ...config.company }),
  };
}

export type LegalService = ReturnType<typeof createLegalService>;
