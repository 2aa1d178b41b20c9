/**
 * An ILIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally (backslash is
 * PostgreSQL's default LIKE escape), so a search for "50%" does not match every row.
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** An ILIKE pattern for values that begin with `text`. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
