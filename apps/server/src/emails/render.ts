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
  const { render } = loadOptional('@react-email/render') as typeof ReactEmailRender;
  const html = await render(createElement(NotificationEmail, content));
  return { subject: content.subject, html, text: plainText(content) };
}

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
