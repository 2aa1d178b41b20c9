import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const SANCTIONS_ENTRY_TYPES = ['individual', 'entity', 'vessel', 'aircraft'] as const;

/**
 * A sanctions list the operator loaded (`npm run sanctions:import`): one row per list, replaced with its
 * entries in one database transaction, so screening always sees a whole list, the old or the new.
 */
export const sanctionsLists = pgTable('sanctions_lists', {
  /** The operator's short name for the list, e.g. `sdn` (OFAC SDN) or `cons` (OFAC consolidated). */
  listId: text('list_id').primaryKey(),
  /** The file it came from (its base name) and its SHA-256: what exactly was loaded. */
  sourceFile: text('source_file').notNull(),
  sha256: text('sha256').notNull(),
  entryCount: integer('entry_count').notNull(),
  aliasCount: integer('alias_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
});

/** One sanctioned person, organisation, vessel or aircraft, as its list names it. */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: text('list_id')
      .notNull()
      .references(() => sanctionsLists.listId, { onDelete: 'cascade' }),
    /** The entry's number in its list (OFAC's ent_num). */
    entryId: text('entry_id').notNull(),
    name: text('name').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    type: text('type', { enum: SANCTIONS_ENTRY_TYPES }).notNull(),
    program: text('program').notNull(),
    /** As the list writes it (`12 Jan 1960`, `circa 1958`); screening compares its years. */
    dateOfBirth: text('date_of_birth'),
    country: text('country'),
    remarks: text('remarks'),
  },
  (t) => [
    unique('sanctions_entries_list_entry_key').on(t.listId, t.entryId),
    index('sanctions_entries_list_idx').on(t.listId),
  ],
);
