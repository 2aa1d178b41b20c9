/**
 * Characters refused in text other people read (names, subjects, messages, descriptions): the C0 controls
 * except tab and line breaks (the database cannot store NUL; escapes rewrite a terminal), DEL and the C1
 * controls, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 * make text read differently from what it is ("Trojan Source" spoofing of names and amounts).
 */
export function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    if (c >= 0x7f && c <= 0x9f) return true;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
  }
  return false;
}
