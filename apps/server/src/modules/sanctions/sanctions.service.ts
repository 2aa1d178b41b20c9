import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { parseSanctionsCsv, SanctionsFileError } from './sanctions.csv.js';
import { dateOfBirthFactor, nameSimilarity, prepareName, type PreparedName } from './sanctions.match.js';
import { allEntries, allLists, findList, replaceList, type SanctionsEntryRow } from './sanctions.queries.js';

/** The default of SANCTIONS_MATCH_THRESHOLD: a name scoring this much or more against a listed one is a possible match. */
export const DEFAULT_MATCH_THRESHOLD = 0.88;
/** At most this many possible matches are returned, the closest first. */
const MAX_MATCHES = 10;

export interface ScreenInput {
  name: string;
  /** YYYY-MM-DD (or any text with the year): a year far from every listed one lowers the score. */
  dateOfBirth?: string;
}

export interface SanctionsMatch {
  listId: string;
  entryId: string;
  /** The entry's name as its list writes it. */
  name: string;
  /** The entry's name or alias that came closest. */
  matchedName: string;
  /** 0 to 1, rounded to three places. */
  score: number;
  type: string;
  program: string;
  dateOfBirth: string | null;
  country: string | null;
}

export interface ImportInput {
  listId: string;
  /** The list file's text (sdn.csv shape) and its name; the aliases file's (alt.csv shape) when given. */
  list: { name: string; text: string };
  aliases?: { name: string; text: string };
  now: Date;
}

export interface ImportResult {
  listId: string;
  entries: number;
  aliases: number;
  /** What the import replaced: the earlier load of the same list, or null. */
  replaced: { entries: number; loadedAt: string } | null;
}

export { SanctionsFileError };

const LIST_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/**
 * Loads a list, replacing the earlier load of the same list in one database transaction: screening sees
 * the old list or the new one, never half of it, and a bad file changes nothing. The load is recorded in
 * the list's row and in the audit trail (by the system: the operator's command has no account).
 */
export async function importSanctionsList(db: Db, input: ImportInput): Promise<ImportResult> {
  if (!LIST_ID.test(input.listId))
    throw new SanctionsFileError(`The list id "${input.listId}" must be lower-case letters, digits, - or _ (e.g. sdn)`);
  const entries = parseSanctionsCsv(input.list.text, input.aliases?.text);
  const aliases = entries.reduce((n, e) => n + e.aliases.length, 0);
  const sha256 = createHash('sha256')
    .update(input.list.text)
    .update(input.aliases?.text ?? '')
    .digest('hex');
  return db.transaction(async (tx) => {
    const previous = await findList(tx, input.listId);
    await replaceList(
      tx,
      {
        listId: input.listId,
        sourceFile: [input.list.name, input.aliases?.name].filter(Boolean).join(' + '),
        sha256,
        entryCount: entries.length,
        aliasCount: aliases,
        loadedAt: input.now,
      },
      entries,
    );
    const replaced = previous && { entries: previous.entryCount, loadedAt: previous.loadedAt.toISOString() };
    await recordAudit(tx, {
      actorId: null,
      action: 'sanctions_list.import',
      subject: { type: 'sanctions_list', id: input.listId },
      detail: {
        sourceFile: input.list.name,
        aliasesFile: input.aliases?.name ?? null,
        sha256,
        entries: entries.length,
        aliases,
        replaced,
      },
      at: input.now,
    });
    return { listId: input.listId, entries: entries.length, aliases, replaced };
  });
}

interface PreparedEntry {
  row: SanctionsEntryRow;
  names: PreparedName[];
}

/**
 * The lists, prepared for matching, per database: read again only when a list was loaded since (each
 * screening asks for the lists' load times, one small query), so every instance sees a new list at once.
 */
const prepared = new WeakMap<object, { version: string; entries: PreparedEntry[] }>();

async function preparedEntries(db: DbOrTx): Promise<PreparedEntry[]> {
  const lists = await allLists(db);
  const version = lists.map((l) => `${l.listId}:${l.sha256}:${l.loadedAt.toISOString()}`).join('|');
  const cached = prepared.get(db);
  if (cached?.version === version) return cached.entries;
  const entries = (await allEntries(db)).map((row) => ({
    row,
    names: [row.name, ...row.aliases].map(prepareName),
  }));
  prepared.set(db, { version, entries });
  return entries;
}

/**
 * Screens a person's or organisation's name against every loaded sanctions list: the possible matches
 * (score ≥ threshold), closest first, at most ten. An empty answer when nothing is close, or no list is loaded.
 */
export async function screenName(
  db: DbOrTx,
  input: ScreenInput,
  threshold: number = DEFAULT_MATCH_THRESHOLD,
): Promise<SanctionsMatch[]> {
  const screened = prepareName(input.name);
  if (!screened.tokens.length) return [];
  const matches: SanctionsMatch[] = [];
  for (const { row, names } of await preparedEntries(db)) {
    let best = 0;
    let matchedName = row.name;
    for (const name of names) {
      const score = nameSimilarity(screened, name);
      if (score > best) [best, matchedName] = [score, name.text];
    }
    const score = best * dateOfBirthFactor(input.dateOfBirth, row.dateOfBirth);
    if (score < threshold) continue;
    matches.push({
      listId: row.listId,
      entryId: row.entryId,
      name: row.name,
      matchedName,
      score: Math.round(score * 1000) / 1000,
      type: row.type,
      program: row.program,
      dateOfBirth: row.dateOfBirth,
      country: row.country,
    });
  }
  return matches.sort((a, b) => b.score - a.score).slice(0, MAX_MATCHES);
}

/** The loaded lists, for the operator (what was loaded when). */
export async function loadedLists(db: DbOrTx) {
  return allLists(db);
}

/**
 * Screens several names of one person or payment (an account's name, a bank account holder's): every
 * possible match, each saying which name it was for, closest first. Blank names and repeats are skipped.
 */
export async function screenNames(
  db: DbOrTx,
  names: string[],
  threshold: number = DEFAULT_MATCH_THRESHOLD,
): Promise<(SanctionsMatch & { screened: string })[]> {
  const distinct = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const found = [];
  for (const name of distinct)
    for (const match of await screenName(db, { name }, threshold)) found.push({ ...match, screened: name });
  return found.sort((a, b) => b.score - a.score);
}
