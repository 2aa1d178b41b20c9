import { createElement } from 'react';
import type * as ReactEmailRender from '@react-email/render';
import { describe, expect, it, vi } from 'vitest';
import { loadOptional } from '../lib/optional-module.js';
import { renderEmail, type EmailContent } from './index.js';
import { NotificationEmail } from './layout.js';

const content: EmailContent = {
  subject: 'Sam Seller accepted your transaction',
  preview: 'Road bike is ready to fund',
  heading: 'Your transaction was accepted',
  greeting: 'Hi Bongani,',
  paragraphs: ['Sam Seller accepted Road bike.', 'Fund it to start the delivery.'],
  details: [{ label: 'Amount', value: 'R 1 250,00' }],
  action: { label: 'Open the transaction', url: 'https://holdfast.example/transactions/t1' },
  reason: 'You are the buyer in this transaction.',
  settingsUrl: 'https://holdfast.example/profile-settings',
};

/** True once React Email's components are in the process (they load through loadOptional's require). */
const reactEmailLoaded = () =>
  Object.keys(loadOptional.cache).some((file) => file.includes('/@react-email/components/'));

describe('renderEmail', () => {
  // One test, in order: the first render is what loads React Email.
  it('loads React Email with the first email, not on import, and renders the layout and the plain text', async () => {
    expect(reactEmailLoaded()).toBe(false);

    const email = await renderEmail(content);

    expect(reactEmailLoaded()).toBe(true);
    expect(email.subject).toBe(content.subject);
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('Your transaction was accepted');
    expect(email.html).toContain('Fund it to start the delivery.');
    expect(email.html).toContain('href="https://holdfast.example/transactions/t1"');
    expect(email.html).toContain('href="https://holdfast.example/profile-settings"');
    expect(email.html).toContain('R 1 250,00');
    expect(email.text).toContain('Amount: R 1 250,00');
    expect(email.text).toContain('Open the transaction: https://holdfast.example/transactions/t1');

    // Later emails reuse what the first one loaded.
    const again = await renderEmail({ ...content, heading: 'Second email', settingsUrl: undefined });
    expect(again.html).toContain('Second email');
    expect(again.html).not.toContain('profile-settings');
  });
});

describe('renderEmail from a template', () => {
  const react = async (c: EmailContent) => {
    const { render } = loadOptional('@react-email/render') as typeof ReactEmailRender;
    return render(createElement(NotificationEmail, c));
  };
  const tricky = `<b>"Tom" & 'Jerry's'</b> 💸 R 1 250,00 \u00a0 ${'\uE000'}1${'\uE001'}`;
  const variants: [string, EmailContent][] = [
    ['the plain email', content],
    [
      'markup and quotes in every word',
      {
        ...content,
        preview: tricky,
        heading: tricky,
        greeting: `Hi ${tricky},`,
        paragraphs: [tricky, 'Plain.', tricky],
        details: [
          { label: tricky, value: tricky },
          { label: 'Amount', value: '$5.00' },
        ],
        action: { label: tricky, url: 'https://holdfast.example/t?a=1&b="2"' },
        reason: tricky,
        settingsUrl: "https://holdfast.example/settings?x='y'",
      },
    ],
    [
      'no facts, no settings link, one paragraph',
      { ...content, details: undefined, settingsUrl: undefined, paragraphs: ['Only one.'] },
    ],
    ['an empty list of facts', { ...content, details: [] }],
    ['a preview of two characters', { ...content, preview: 'Hi' }],
    ['a preview of exactly 150', { ...content, preview: 'p'.repeat(150) }],
    ['a preview of 149', { ...content, preview: 'p'.repeat(149) }],
    ['a preview longer than 150', { ...content, preview: 'q'.repeat(149) + '<&>' + 'r'.repeat(40) }],
    [
      'five paragraphs and four facts',
      {
        ...content,
        paragraphs: ['One.', 'Two.', 'Three.', 'Four.', 'Five.'],
        details: ['A', 'B', 'C', 'D'].map((label) => ({ label, value: `${label} value` })),
      },
    ],
    ['an empty paragraph (React itself)', { ...content, paragraphs: ['', 'After an empty one.'] }],
    ['a script address (React itself)', { ...content, action: { label: 'Open', url: 'javascript:alert(1)' } }],
  ];

  it.each(variants)('writes exactly what React writes: %s', async (_, c) => {
    // Twice: the first may build the template, the second fills it.
    expect((await renderEmail(c)).html).toBe(await react(c));
    expect((await renderEmail(c)).html).toBe(await react(c));
  });
});

it('asks React once for each shape of email, and fills the rest', async () => {
  const reactEmail = loadOptional('@react-email/render') as typeof ReactEmailRender;
  const spy = vi.spyOn(reactEmail, 'render');
  const six = { ...content, paragraphs: ['1.', '2.', '3.', '4.', '5.', '6.'] };
  await renderEmail(six);
  await renderEmail({ ...six, heading: 'Another heading', greeting: 'Hi Lwazi,' });
  await renderEmail({ ...six, paragraphs: ['', '2.', '3.', '4.', '5.', '6.'] }); // empty word: React itself
  expect(spy).toHaveBeenCalledTimes(2);
  spy.mockRestore();
});
