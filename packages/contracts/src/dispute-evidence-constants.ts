/**
 * The limits and texts of a dispute's evidence and statements (issue "Disputes that end"), without Zod:
 * the web's upload form checks the same limits before it sends anything.
 */

/** Largest evidence file, in bytes (the route's own multipart limit; other uploads keep theirs). */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
/** Files each side (buyer, seller, moderator, admin) may add to one dispute. */
export const EVIDENCE_MAX_FILES_PER_ROLE = 20;
export const EVIDENCE_CAPTION_MAX_LENGTH = 300;
export const EVIDENCE_FILE_FIELD = 'file';
export const EVIDENCE_CAPTION_FIELD = 'caption';
/** What an evidence file may be, decided from its content. HEIC only where the server's sharp decodes it. */
export const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
export type TEvidenceType = (typeof EVIDENCE_TYPES)[number];
/** The upload form's `accept` list. */
export const EVIDENCE_ACCEPT = EVIDENCE_TYPES.join(',');
export const STATEMENT_MAX_LENGTH = 2000;

export const EVIDENCE_MESSAGES = {
  noFile: 'Choose a file to upload (a photo or a PDF).',
  empty: 'This file is empty. Choose another one.',
  tooLarge: 'This file is larger than 10 MB. Choose a smaller one.',
  typeNotAllowed: 'Only photos (JPEG, PNG, WebP or HEIC) and PDF files can be added as evidence.',
  heicUnsupported: 'HEIC photos cannot be read here. Save the photo as JPEG and upload it again.',
  unreadable: 'This image could not be read. It may be damaged; try another file.',
  unreadableUpload: 'The upload could not be read. Try again.',
  limitReached: (max: number) => `You have added ${max} files to this dispute, the most each side can add.`,
  captionTooLong: `The caption can be at most ${EVIDENCE_CAPTION_MAX_LENGTH} characters.`,
  invalidCharacters: 'Remove the control characters (such as NUL) from this text.',
  notFound: 'Evidence not found.',
  notAllowed: 'Only the parties of this dispute and its moderator can add evidence.',
  statementRequired: 'Write your statement.',
  statementTooLong: `A statement can be at most ${STATEMENT_MAX_LENGTH} characters.`,
  statementPartiesOnly: 'Only the buyer and the seller can add a statement to this dispute.',
  added: 'Evidence added',
  statementAdded: 'Statement added',
} as const;
