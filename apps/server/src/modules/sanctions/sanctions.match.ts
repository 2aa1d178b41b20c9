/**
 * Fuzzy matching of people's and organisations' names against a sanctions list. Pure functions: the
 * service prepares each listed name once and scores every screened name against them.
 *
 * A name is normalized (accents and case dropped, punctuation to spaces, OFAC's "LAST, First" turned to
 * "First LAST") and split into tokens. Two names score by pairing their tokens greedily by Jaro-Winkler
 * similarity, so word order does not matter and a typo costs little; the score blends "how much of the
 * shorter name is in the longer" with "how much of both is paired", so a missing middle name still holds
 * a payout but a shared surname alone does not. Names written together or apart ("Abdulrahman",
 * "Abdul Rahman") are also compared as one string.
 */

export interface PreparedName {
  /** The name as the list or the person wrote it. */
  text: string;
  tokens: string[];
  /** The tokens in order without spaces. */
  joined: string;
}

/** "Müller-Lüdenscheidt, José" → "jose muller ludenscheidt": lower case, no accents, no punctuation, comma order undone. */
export function normalizeName(name: string): string {
  const commaAt = name.indexOf(',');
  // OFAC writes individuals as "LAST, First Middle"; a second comma is part of a title or a suffix.
  const ordered = commaAt > 0 ? `${name.slice(commaAt + 1)} ${name.slice(0, commaAt)}` : name;
  return ordered
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/[’'`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function prepareName(text: string): PreparedName {
  const normalized = normalizeName(text);
  const tokens = normalized ? normalized.split(' ') : [];
  return { text, tokens, joined: tokens.join('') };
}

/** Reused match marks: screening compares tens of thousands of words, so no arrays are made per pair. */
let aMarks = new Uint8Array(64);
let bMarks = new Uint8Array(64);

/** Jaro-Winkler similarity of two strings, 0 (nothing alike) to 1 (equal); the prefix bonus is Winkler's 0.1 over 4 characters. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  if (!a.length || !b.length) return 0;
  if (a.length > aMarks.length) aMarks = new Uint8Array(a.length * 2);
  if (b.length > bMarks.length) bMarks = new Uint8Array(b.length * 2);
  aMarks.fill(0, 0, a.length);
  bMarks.fill(0, 0, b.length);
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMarks[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      aMarks[i] = bMarks[j] = 1;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMarks[i]) continue;
    while (!bMarks[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** How alike two prepared names are, 0 to 1 (see the module's comment). */
export function nameSimilarity(a: PreparedName, b: PreparedName): number {
  if (!a.tokens.length || !b.tokens.length) return 0;
  const pairs: { i: number; j: number; score: number }[] = [];
  for (let i = 0; i < a.tokens.length; i++)
    for (let j = 0; j < b.tokens.length; j++) {
      const score = tokenSimilarity(a.tokens[i]!, b.tokens[j]!);
      if (score > 0) pairs.push({ i, j, score });
    }
  pairs.sort((x, y) => y.score - x.score);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let paired = 0;
  for (const { i, j, score } of pairs) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    paired += score;
  }
  const shorter = Math.min(a.tokens.length, b.tokens.length);
  const tokenScore = (paired / shorter + (2 * paired) / (a.tokens.length + b.tokens.length)) / 2;
  // One-word names ("Smith") would otherwise match every longer name containing them.
  const joinedScore = a.joined.length >= 6 && b.joined.length >= 6 ? jaroWinkler(a.joined, b.joined) : 0;
  return Math.max(tokenScore, joinedScore);
}

/** A single letter (an initial) pairs only with a word starting with it, and then not fully. */
function tokenSimilarity(a: string, b: string): number {
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? 0.8 : 0;
  return jaroWinkler(a, b);
}

/** The years a date of birth names ("12 Jan 1960", "circa 1958 to 1960", "1960-01-12"). */
export function yearsOf(dateOfBirth: string | null | undefined): number[] {
  return [...(dateOfBirth ?? '').matchAll(/\b(1[89]\d\d|20\d\d)\b/g)].map((m) => Number(m[1]));
}

/**
 * A date of birth that disagrees with every one the entry lists (by more than a year) makes the match less
 * likely but does not rule it out: lists often hold approximate or wrong dates.
 */
export const DATE_OF_BIRTH_MISMATCH_FACTOR = 0.9;

export function dateOfBirthFactor(screened: string | undefined, listed: string | null): number {
  const mine = yearsOf(screened);
  const theirs = yearsOf(listed);
  if (!mine.length || !theirs.length) return 1;
  return mine.some((y) => theirs.some((t) => Math.abs(t - y) <= 1)) ? 1 : DATE_OF_BIRTH_MISMATCH_FACTOR;
}
