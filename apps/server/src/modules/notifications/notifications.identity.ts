import { eq } from 'drizzle-orm';
import { IDENTITY_DOCUMENT_TYPE_LABELS, IDENTITY_REVIEW_TIME, TIER_HOLD_TEXTS } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { identityReviewers, identityVerifications } from '../../db/schema/index.js';
import { to, type Ctx, type Delivery, type EventFacts } from './notifications.delivery.js';
import { findAdmins, findPerson, type Person } from './notifications.queries.js';

type IdentityEvent = Extract<EventFacts, { kind: 'identity' }>['event'];
type IdentityFacts = Extract<EventFacts, { kind: 'identity' }>;

/** Where the person sees their verification, and where staff review it. */
export const IDENTITY_PAGE_PATH = '/verification/identity';
/** Every reviewer (admins, allowed moderators) opens the queue here; admins also have the admin dashboard's tab. */
export const IDENTITY_REVIEW_PATH = '/identity-reviews';

/** The submission as it is now, its owner, and (for a new submission) who may review it. */
export async function identityFacts(db: DbOrTx, event: IdentityEvent): Promise<IdentityFacts | null> {
  const [v] = await db.select().from(identityVerifications).where(eq(identityVerifications.id, event.verificationId));
  const owner = v && (await findPerson(db, v.userId));
  if (!v || !owner) return null;
  // A decision already made by the time the `submitted` job runs needs no "waiting" note.
  if (event.type === 'identity.submitted' && v.status !== 'pending') return null;
  let reviewers: Person[] = [];
  if (event.type === 'identity.submitted' && v.provider === 'manual') {
    const moderators = await db
      .select({ userId: identityReviewers.userId })
      .from(identityReviewers)
      .then((rows) => Promise.all(rows.map((r) => findPerson(db, r.userId))));
    reviewers = [...(await findAdmins(db)), ...moderators.filter((p): p is Person => p !== null)].filter(
      (p) => p.id !== owner.id,
    );
  }
  return {
    kind: 'identity',
    event,
    owner,
    verification: {
      status: v.status,
      provider: v.provider,
      rejectionReason: v.rejectionReason,
      documentType: v.documentType,
    },
    reviewers,
  };
}

const OWNER_REASON = 'You get this email because you asked Holdfast to verify your identity.';

/** The person always hears of a decision (an account email, never turned off); reviewers get a bell. */
export function identityDeliveries(ctx: Ctx, f: IdentityFacts): Delivery[] {
  const doc = IDENTITY_DOCUMENT_TYPE_LABELS[f.verification.documentType as keyof typeof IDENTITY_DOCUMENT_TYPE_LABELS];
  if (f.event.type === 'identity.submitted') {
    const expected =
      f.verification.provider === 'manual'
        ? `Our team reviews them, usually within ${IDENTITY_REVIEW_TIME}.`
        : 'The verification provider usually decides within minutes.';
    const pending: Delivery = {
      ...to(ctx, f.owner, {
        category: null,
        path: IDENTITY_PAGE_PATH,
        title: 'Identity verification pending',
        // Why it waits, how long, and what is needed (the wallet's notice says the same while it waits).
        body: `We received your ${doc.toLowerCase()} and selfie. ${expected} ${TIER_HOLD_TEXTS.identityWaiting}`,
        subject: 'We received your identity documents',
        paragraphs: [],
        action: 'See your verification',
        reason: OWNER_REASON,
      }),
      bellOnly: true,
    };
    const staff = f.reviewers.map((p): Delivery => ({
      ...to(ctx, p, {
        category: null,
        path: IDENTITY_REVIEW_PATH,
        title: 'Identity verification to review',
        body: `A new ${doc.toLowerCase()} waits in the Verification queue.`,
        subject: 'An identity verification waits for review',
        paragraphs: [],
        action: 'Open the Verification queue',
        reason: 'You get this because you review identity verifications on Holdfast.',
      }),
      bellOnly: true,
    }));
    return [pending, ...staff];
  }
  if (f.verification.status === 'verified') {
    return [
      to(ctx, f.owner, {
        category: null,
        path: IDENTITY_PAGE_PATH,
        title: 'Identity verified',
        body: 'Your identity is verified. Your public profile now shows it.',
        subject: 'Your identity is verified',
        paragraphs: [
          'We checked your identity documents and your identity is now verified.',
          'Your public profile shows the Verified badge, so the people you deal with know who they are dealing with.',
        ],
        action: 'See your verification',
        reason: OWNER_REASON,
      }),
    ];
  }
  const reason = f.verification.rejectionReason ?? 'The documents could not be verified.';
  return [
    to(ctx, f.owner, {
      category: null,
      path: IDENTITY_PAGE_PATH,
      title: 'Identity verification rejected',
      body: `We could not verify your identity: ${reason} You can submit again.`,
      subject: 'We could not verify your identity',
      paragraphs: [
        'We could not verify your identity with the documents you sent.',
        `The reason: ${reason}`,
        'Fix what the reason says and submit your documents again; we review a new submission as soon as it arrives.',
      ],
      action: 'Submit again',
      reason: OWNER_REASON,
    }),
  ];
}
