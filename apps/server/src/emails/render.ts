import { createElement } from 'react';
import type * as ReactEmailRender from '@react-email/render';
import { loadOptional } from '../lib/optional-module.js';
import { NotificationEmail, type EmailContent } from './layout.js';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * HTML from the react-email layout; the plain-text part is written from the same content (not converted
 * from the HTML), so it reads as a letter: greeting, paragraphs, facts, the link on its own line, and
 * the footer.
 *
 * React Email (its renderer and components, with Tailwind, Prettier and Prism behind them) loads with
 * the first email rendered, in an email.send job, not at start: about 25 MB of RSS that a server sending no
 * email never pays (docs/performance.md, Memory).
 */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const template = canFill(content) ? await templateFor(content) : null;
  const html = template ? fill(template, wordsOf(content)) : await renderWithReact(content);
  return { subject: content.subject, html, text: plainText(content) };
}

function renderWithReact(content: EmailContent): Promise<string> {
  const { render } = loadOptional('@react-email/render') as typeof ReactEmailRender;
  return render(createElement(NotificationEmail, content));
}

/*
 * Every email is the one layout with its own words, so React renders each shape of it once (how many
 * paragraphs and facts, a settings link or not) with markers where the words go; an email then puts its
 * words, escaped as React escapes text and attributes, where the markers are. A React render cost about
 * 2 ms of CPU an email, most of a notify job's time (docs/performance.md, "Sixth round"); filling costs
 * microseconds. render.test.ts checks the filled HTML equals React's own for many kinds of content.
 */

/** React Email's Preview shows at most this many characters and pads shorter text with invisible ones. */
const PREVIEW_MAX = 150;
const PREVIEW_PADDING = '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff';
/** Markers are private-use characters, which React writes as they are. */
const MARKER = /\uE000(\d+)\uE001\uE002*/g;
const marker = (i: number, length = 0) => {
  const m = `\uE000${i}\uE001`;
  return m + '\uE002'.repeat(Math.max(0, length - m.length));
};

interface Template {
  /** The HTML between markers: pieces[0], word, pieces[1], word, ... */
  pieces: string[];
  /** Which word goes after each piece (a link's address appears more than once). */
  slots: number[];
}
/** By shape; a handful in practice, never more than MAX_TEMPLATES (then React renders the rest). */
const templates = new Map<string, Promise<Template | null>>();
const MAX_TEMPLATES = 64;

/** The words of an email, in the order its markers are numbered (see withMarkers). */
function wordsOf(c: EmailContent): string[] {
  return [
    c.preview.substring(0, PREVIEW_MAX),
    c.heading,
    c.greeting,
    ...c.paragraphs,
    ...(c.details ?? []).flatMap((d) => [d.label, d.value]),
    c.action.label,
    c.action.url,
    c.reason,
    ...(c.settingsUrl ? [c.settingsUrl] : []),
  ];
}

function withMarkers(c: EmailContent): EmailContent {
  let i = 0;
  const next = () => marker(i++);
  return {
    subject: '',
    // Full length, so Preview adds no padding: fill adds the email's own (previewHtml).
    preview: marker(i++, PREVIEW_MAX),
    heading: next(),
    greeting: next(),
    paragraphs: c.paragraphs.map(next),
    details: c.details?.map(() => ({ label: next(), value: next() })),
    action: { label: next(), url: next() },
    reason: next(),
    settingsUrl: c.settingsUrl ? next() : undefined,
  };
}

/**
 * React writes an empty word as nothing (and no separator comment), and replaces a script address:
 * such emails go through React itself.
 */
function canFill(c: EmailContent): boolean {
  const links = [c.action.url, c.settingsUrl ?? 'https://'];
  return wordsOf(c).every((w) => w.length > 0) && links.every((url) => /^https?:\/\//i.test(url));
}

function templateFor(c: EmailContent): Promise<Template | null> {
  const shape = `${c.paragraphs.length}:${c.details?.length ?? 0}:${c.settingsUrl ? 1 : 0}`;
  let template = templates.get(shape);
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) return Promise.resolve(null);
    template = renderWithReact(withMarkers(c)).then((html) => {
      const pieces: string[] = [];
      const slots: number[] = [];
      let last = 0;
      for (const m of html.matchAll(MARKER)) {
        pieces.push(html.slice(last, m.index));
        slots.push(Number(m[1]));
        last = m.index + m[0].length;
      }
      pieces.push(html.slice(last));
      // Every word must have its place; if a layout change hid one, React renders every email.
      return new Set(slots).size === wordsOf(c).length ? { pieces, slots } : null;
    });
    // A failed render is not kept: the next email of this shape tries again (the job itself is retried).
    template.catch(() => templates.delete(shape));
    templates.set(shape, template);
  }
  return template;
}

function fill(t: Template, words: string[]): string {
  let html = t.pieces[0]!;
  for (let k = 0; k < t.slots.length; k++) {
    const slot = t.slots[k]!;
    html += (slot === 0 ? previewHtml(words[0]!) : escapeHtml(words[slot]!)) + t.pieces[k + 1];
  }
  return html;
}

/** What Preview writes after its text when the text is shorter than PREVIEW_MAX. */
function previewHtml(text: string): string {
  const padding = text.length < PREVIEW_MAX ? `<div>${PREVIEW_PADDING.repeat(PREVIEW_MAX - text.length)}</div>` : '';
  return escapeHtml(text) + padding;
}

/** React DOM's escaping of text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (ch) => ESCAPES[ch]!);
}
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

export function plainText(c: EmailContent): string {
  const parts = [c.greeting, ...c.paragraphs];
  if (c.details?.length) parts.push(c.details.map((d) => `${d.label}: ${d.value}`).join('\n'));
  parts.push(`${c.action.label}: ${c.action.url}`);
  const footer = [c.reason];
  if (c.settingsUrl) {
    footer.push(
      `Choose which emails you get in Profile Settings: ${c.settingsUrl} (emails about money and account security are always sent).`,
    );
  }
  parts.push(`--\n${footer.join('\n')}\nHoldfast`);
  return parts.join('\n\n') + '\n';
}
