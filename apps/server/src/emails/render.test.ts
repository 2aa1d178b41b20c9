import { describe, expect, it } from 'vitest';
import { loadOptional } from '../lib/optional-module.js';
import { renderEmail, type EmailContent } from './index.js';

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
