import { parse } from 'csv-parse/sync';
import { SANCTIONS_ENTRY_TYPES } from '../../db/schema/index.js';

/**
 * Reading OFAC's CSV files (https://ofac.treasury.gov/sanctions-list-service): the SDN list and the
 * consolidated (non-SDN) list share one shape. No header row, "-0-" for an empty field.
 *
 *   sdn.csv / cons_prim.csv   ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage,
 *                             GRT, Vess_flag, Vess_owner, Remarks
 *   alt.csv / cons_alt.csv    ent_num, alt_num, alt_type, alt_name, alt_remarks
 */
export const SDN_COLUMNS = [
  'ent_num',
  'SDN_Name',
  'SDN_Type',
  'Program',
  'Title',
  'Call_Sign',
  'Vess_type',
  'Tonnage',
  'GRT',
  'Vess_flag',
  'Vess_owner',
  'Remarks',
] as const;
export const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;

export type SanctionsEntryType = (typeof SANCTIONS_ENTRY_TYPES)[number];

export interface ParsedEntry {
  entryId: string;
  name: string;
  aliases: string[];
  type: SanctionsEntryType;
  program: string;
  dateOfBirth: string | null;
  country: string | null;
  remarks: string | null;
}

/** A file that is not in the expected shape: the message says which line and what was expected. */
export class SanctionsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SanctionsFileError';
  }
}

/** OFAC's empty field. */
const empty = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v === '' || v === '-0-' ? null : v;
};

/** Rows of a CSV file, without blank lines and OFAC's trailing end-of-file character (0x1A). */
function rowsOf(text: string, columns: readonly string[], what: string): string[][] {
  let rows: string[][];
  try {
    rows = parse(text.replaceAll(String.fromCharCode(0x1a), ''), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }) as string[][];
  } catch (error) {
    throw new SanctionsFileError(`${what} is not valid CSV: ${(error as Error).message}`);
  }
  const shape = `${columns.length} columns (${columns.join(', ')})`;
  // A header row is not part of OFAC's files, but a hand-made file may carry one.
  if (rows[0]?.[0]?.trim().toLowerCase() === columns[0]) rows = rows.slice(1);
  rows = rows.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (!rows.length) throw new SanctionsFileError(`${what} has no entries: expected rows of ${shape}`);
  rows.forEach((row, i) => {
    if (row.length !== columns.length)
      throw new SanctionsFileError(`${what}, row ${i + 1}: expected ${shape}, found ${row.length} column(s)`);
    if (!/^\d+$/.test(row[0]!.trim()))
      throw new SanctionsFileError(`${what}, row ${i + 1}: ent_num must be a number, found "${row[0]!.trim()}"`);
  });
  return rows;
}

/** "SDGT] [IRGC" (how sdn.csv writes several programs) → "SDGT, IRGC". */
const programOf = (value: string | null) =>
  (value ?? '')
    .replace(/\]\s*\[/g, ', ')
    .replace(/[[\]]/g, '')
    .trim();

const typeOf = (value: string | null): SanctionsEntryType => {
  const v = (value ?? '').toLowerCase();
  return v === 'individual' || v === 'vessel' || v === 'aircraft' ? v : 'entity';
};

/** Every "DOB …" of the remarks ("DOB 12 Jan 1960; alt. DOB 1961"), joined. */
function dateOfBirthOf(remarks: string | null): string | null {
  const found = [...(remarks ?? '').matchAll(/\bDOB\s+([^;]+)/gi)].map((m) => m[1]!.trim().replace(/\.$/, ''));
  return found.length ? found.join('; ') : null;
}

function countryOf(remarks: string | null, vesselFlag: string | null): string | null {
  const found = /\b(?:nationality|citizen)\s+([^;.]+)/i.exec(remarks ?? '');
  return found?.[1]?.trim() ?? vesselFlag;
}

/** The entries of an sdn.csv-shaped file, with the aliases of an alt.csv-shaped file when one is given. */
export function parseSanctionsCsv(sdnText: string, altText?: string): ParsedEntry[] {
  const entries = new Map<string, ParsedEntry>();
  rowsOf(sdnText, SDN_COLUMNS, 'The list file').forEach((row, i) => {
    const entryId = row[0]!.trim();
    const name = empty(row[1]);
    if (!name) throw new SanctionsFileError(`The list file, row ${i + 1}: SDN_Name is empty`);
    if (entries.has(entryId))
      throw new SanctionsFileError(`The list file, row ${i + 1}: ent_num ${entryId} appears twice`);
    const remarks = empty(row[11]);
    entries.set(entryId, {
      entryId,
      name,
      aliases: [],
      type: typeOf(empty(row[2])),
      program: programOf(empty(row[3])),
      dateOfBirth: dateOfBirthOf(remarks),
      country: countryOf(remarks, empty(row[9])),
      remarks,
    });
  });
  if (altText !== undefined) {
    rowsOf(altText, ALT_COLUMNS, 'The aliases file').forEach((row, i) => {
      const entry = entries.get(row[0]!.trim());
      if (!entry)
        throw new SanctionsFileError(
          `The aliases file, row ${i + 1}: ent_num ${row[0]!.trim()} is not in the list file (load both files of one list)`,
        );
      const alias = empty(row[3]);
      if (alias && !entry.aliases.includes(alias)) entry.aliases.push(alias);
    });
  }
  return [...entries.values()];
}
