import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's score 2 ("somewhat guessable", about 10^8 guesses) is the floor: it refuses the common
 * passwords, keyboard walks, repeats and name-based guesses the 6-character minimum lets through.
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: loading the dictionaries costs a few milliseconds and some memory. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return estimator;
}

/** True when the password is too easy to guess, also counting the person's own details as guesses. */
export function isPasswordTooWeak(password: string, personal: (string | null | undefined)[] = []): boolean {
  const inputs = ['holdfast', 'escrow', ...personal.filter((v): v is string => !!v)];
  // The account's email is a guess both whole and by its local part.
  for (const value of [...inputs]) if (value.includes('@')) inputs.push(value.split('@')[0]!);
  return zxcvbn().check(password, inputs).score < MIN_PASSWORD_SCORE;
}
