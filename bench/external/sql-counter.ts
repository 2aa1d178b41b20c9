/**
 * Bench-only statement counting (never loaded by the app): wraps the driver the app talks to, counts
 * every statement sent (BEGIN/COMMIT included), and can record their text and parameters so the raw
 * baseline replays exactly what a request ran.
 */
import type { PGlite } from '@electric-sql/pglite';
import { tapPg, tappedPglite } from '../../apps/server/src/test/driver-tap.js';

export interface Recorded {
  text: string;
  params: unknown[];
}

/** Statements other than BEGIN/COMMIT/ROLLBACK, and database transactions begun, as issue 12 counts them. */
export const counter = {
  statements: 0,
  transactions: 0,
  recording: null as Recorded[] | null,
};

const CONTROL = /^\s*(begin|commit|rollback)\b/i;

function note(first: unknown, second: unknown) {
  const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
  if (CONTROL.test(text)) {
    if (/^\s*begin/i.test(text)) counter.transactions += 1;
    return;
  }
  counter.statements += 1;
  if (!counter.recording) return;
  if (typeof first === 'string') counter.recording.push({ text: first, params: (second as unknown[]) ?? [] });
  else if (first && typeof first === 'object' && 'text' in first) {
    const q = first as { text: string; values?: unknown[] };
    counter.recording.push({ text: q.text, params: q.values ?? (second as unknown[]) ?? [] });
  }
}

/** node-postgres: every statement of the app's pools. */
export function countPg() {
  tapPg(note);
}

/** PGlite: every statement, BEGIN and COMMIT included. */
export function countingPglite(): PGlite {
  return tappedPglite(note);
}
