import { z } from 'zod';
import { hasControlCharacters } from './text.js';

/**
 * The parts of a dispute's case file that several modules write (issue "Disputes that end"): the parties'
 * statements and evidence, staff's internal notes, and the file's entries in time order. Shared here so the
 * server's case file and the web's views read one shape.
 */

/** Who wrote or added something to a case: a party or a member of staff, by display name. */
export const CASE_AUTHOR_ROLES = ['buyer', 'seller', 'moderator', 'admin'] as const;
export const ZCaseAuthor = z.object({ role: z.enum(CASE_AUTHOR_ROLES), name: z.string() });
export type TCaseAuthor = z.infer<typeof ZCaseAuthor>;

/** A file attached to a dispute (an image re-encoded without metadata, or a PDF as it came). */
export const ZDisputeEvidence = z.object({
  id: z.string(),
  disputeId: z.string(),
  author: ZCaseAuthor,
  /** The name the uploader's file had (shown, never used as a path). */
  fileName: z.string(),
  caption: z.string(),
  contentType: z.string(),
  /** Bytes as stored. */
  size: z.number().int(),
  /** Hex SHA-256 of the stored bytes. */
  sha256: z.string(),
  /** Where the parties and staff of the case read it (GET, behind their session; never public). */
  url: z.string(),
  createdAt: z.string(),
});
export type TDisputeEvidence = z.infer<typeof ZDisputeEvidence>;

/** A party's written statement in a dispute (their side of the story, or a reply). */
export const ZDisputeStatement = z.object({
  id: z.string(),
  disputeId: z.string(),
  author: ZCaseAuthor,
  text: z.string(),
  createdAt: z.string(),
});
export type TDisputeStatement = z.infer<typeof ZDisputeStatement>;

/** A staff-only note on a case: never shown to the parties. */
export const ZDisputeNote = z.object({
  id: z.string(),
  disputeId: z.string(),
  author: ZCaseAuthor,
  text: z.string(),
  createdAt: z.string(),
});
export type TDisputeNote = z.infer<typeof ZDisputeNote>;

/**
 * One entry of the case file, oldest first: what happened, when, by whom. `internal` entries (staff notes)
 * reach staff only. `detail` is the entry's own data, by kind.
 */
export const CASE_FILE_KINDS = [
  'event', // the transaction's history (created, funded, accepted, delivered, disputed, assigned, ...)
  'delivery', // the seller's delivery details and tracking
  'message', // a private message between the parties about this transaction
  'statement',
  'evidence',
  'offer',
  'note', // internal, staff only
  'decision',
] as const;
export const ZCaseFileEntry = z.object({
  id: z.string(),
  kind: z.enum(CASE_FILE_KINDS),
  at: z.string(),
  author: ZCaseAuthor.nullable(),
  /** One line a person reads ("Evidence added, sha256 …", "Offer: refund R 300,00 to the buyer"). */
  summary: z.string(),
  /** The entry's longer text, if any (a message, a statement, a note, a decision's reasons). */
  text: z.string().nullable(),
  internal: z.boolean(),
  /** For kind 'evidence': the file. */
  evidence: ZDisputeEvidence.nullable(),
});
export type TCaseFileEntry = z.infer<typeof ZCaseFileEntry>;

/** An internal note's length: a paragraph or two, not a document. */
export const DISPUTE_NOTE_MAX_LENGTH = 2000;

export const DISPUTE_NOTE_MESSAGES = {
  textRequired: 'Write the note',
  textTooLong: `A note must be at most ${DISPUTE_NOTE_MAX_LENGTH} characters`,
  invalidCharacters: 'Text contains characters that are not allowed',
} as const;

/** POST /api/disputes/{id}/notes: a staff-only note on the case. */
export const ZCreateDisputeNoteRequest = z.object({
  text: z
    .string({ error: DISPUTE_NOTE_MESSAGES.textRequired })
    .trim()
    .min(1, DISPUTE_NOTE_MESSAGES.textRequired)
    .max(DISPUTE_NOTE_MAX_LENGTH, DISPUTE_NOTE_MESSAGES.textTooLong)
    .refine((s) => !hasControlCharacters(s), DISPUTE_NOTE_MESSAGES.invalidCharacters),
});
export type TCreateDisputeNoteRequest = z.input<typeof ZCreateDisputeNoteRequest>;

/**
 * `GET /api/transactions/{id}/timeline`: a transaction's history for its parties (and staff), oldest first,
 * in the case file's entries (the deal's events, delivery details, and a dispute's offers and decision).
 * Staff's internal notes never appear in it.
 */
export const ZTransactionTimeline = z.object({ entries: z.array(ZCaseFileEntry) });
export type TTransactionTimeline = z.infer<typeof ZTransactionTimeline>;
