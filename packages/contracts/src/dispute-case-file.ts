import { z } from 'zod';

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
