import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import { loadOptional } from './optional-module.js';

/**
 * zxcvbn's score 2 ("somewhat guessable", about 10^8 guesses) is the floor: it refuses the common
 * passwords, keyboard walks, repeats and name-based guesses the 6-character minimum lets through.
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnCore.ZxcvbnFactory | undefined;
/**
 * Loaded and built with the first password checked (registration, a password change or reset), not at
 * start: the dictionaries cost about 4 MB of RSS a server holds from then on (docs/performance.md, Memory).
 */
function zxcvbn(): ZxcvbnCore.ZxcvbnFactory {
  if (!estimator) {
    const { ZxcvbnFactory } = loadOptional('@zxcvbn-ts/core') as typeof ZxcvbnCore;
    const common = loadOptional('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
    estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  }
  return estimator;
}

/** True when the password is too easy to guess, also counting the person's own details as guesses. */
export function isPasswordTooWeak(password: string, personal: (string | null | undefined)[] = []): boolean {
  const inputs = ['holdfast', 'escrow', ...personal.filter((v): v is string => !!v)];
  // The account's email is a guess both whole and by its local part.
  for (const value of [...inputs]) if (value.includes('@')) inputs.push(value.split('@')[0]!);
  return zxcvbn().check(password, inputs).score < MIN_PASSWORD_SCORE;
}
