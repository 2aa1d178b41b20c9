import { formatMoney, toDecimal, type TEmailCategory, type TierFacts } from '@holdfast/contracts';
import type { EmailContent } from '../../emails/index.js';
import type { NotificationEvent } from './events.js';
import type { Person, TransactionFacts } from './notifications.queries.js';

/**
 * What an event tells one person: the bell's title, body and link, and the email. The `notify` job loads
 * the facts (notifications.facts.ts) and decides, per preference and cap, which emails go.
 */
export interface Delivery {
  /** The account told; null for an address with no account yet (an invitation: email only). */
  userId: string | null;
  to: string;
  /** The optional email category; null: always sent (money, security, invitations). */
  category: TEmailCategory | null;
  bell: { title: string; body: string; link: string };
  email: EmailContent;
  /** Emails with a key go at most once an hour per key (new private messages). */
  throttleKey?: string;
  /** The bell only: no email is sent. */
  bellOnly?: boolean;
}

/** The data an event's texts are written from, read when the `notify` job runs. */
export type EventFacts =
  | { kind: 'transaction'; event: Extract<NotificationEvent, { transactionId: string }>; t: TransactionFacts }
  | {
      kind: 'dispute';
      event: Extract<NotificationEvent, { disputeId: string }>;
      t: TransactionFacts;
      dispute: {
        initiatorId: string;
        type: string;
        resolution: string | null;
        refundAmount: bigint | null;
        /** Minor units in dispute (the whole amount unless the buyer disputed part of it). */
        disputedAmount: bigint;
      };
      offer?: { proposerId: string; refundAmount: bigint; message: string };
      /** The dispute clocks' events (notifications.dispute-clocks.ts): the case and the staff to tell. */
      clocks?: DisputeClockFacts;
      /** A statement or a file added to the case, with who is told besides the parties. */
      submission?: {
        what: 'evidence' | 'statement';
        authorId: string;
        /** The file's caption and name, or the statement's text. */
        text: string;
        fileName?: string;
        /** The case's assigned moderator, when it has one. */
        moderator: Person | null;
      };
    }
  | {
      kind: 'message';
      t: TransactionFacts;
      message: { conversationId: string; content: string };
      sender: Person;
      receiver: Person;
    }
  | { kind: 'support'; chat: { id: string; subject: string }; reply: string; owner: Person }
  | {
      kind: 'withdrawal';
      event: Extract<NotificationEvent, { withdrawalId: string }>;
      owner: Person;
      withdrawal: {
        amount: bigint;
        currency: string;
        accountLast4: string;
        failureReason: string | null;
        /** While its payout is on its way: when it should arrive (ISO). */
        expectedBy: string | null;
      };
      /** For a held withdrawal: the admins who review it. */
      admins: Person[];
    }
  | {
      kind: 'second_review';
      t: TransactionFacts;
      disputeId: string;
      /** The proposal's moderator, the resolution they proposed, and the amount in dispute (minor units). */
      proposal: { byId: string; resolution: string; disputed: bigint };
      reviewers: Person[];
    }
  | {
      kind: 'identity';
      event: Extract<NotificationEvent, { verificationId: string }>;
      owner: Person;
      verification: { status: string; provider: string; rejectionReason: string | null; documentType: string };
      /** Who may review a new submission (admins and allowed moderators): told by the bell. */
      reviewers: Person[];
    }
  | {
      kind: 'tier_limit';
      event: Extract<NotificationEvent, { type: 'verification.limit_reached' }>;
      owner: Person;
      /** What the account's tier is made of now (the same tier as when it was refused). */
      account: TierFacts;
      /** Withdrawn this month in the event's currency, minor units (withdrawal limits only). */
      withdrawnMinor: bigint;
      now: Date;
    }
  | {
      kind: 'job';
      job: { id: string; kind: string; attempts: number; lastError: string | null; finishedAt: Date | null };
      admins: Person[];
    };

/** A dispute clock's facts: the case's state and the moderators or admins who hear of it. */
export interface DisputeClockFacts {
  disputeId: string;
  initiatedBy: string;
  status: string;
  moderatorId: string | null;
  createdAt: Date;
  staff: Person[];
}

export const MESSAGE_EMAIL_INTERVAL_MS = 60 * 60 * 1000;

export const fullName = (p: Person) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.name || p.email;
export const greet = (p: Person | null) => (p?.firstName ? `Hi ${p.firstName},` : 'Hi,');
export const money = (minor: bigint, currency: string) => formatMoney(toDecimal(minor, currency), currency);
/** Dates in emails: unambiguous for every reader, in UTC (we do not know their time zone). */
export const formatWhen = (d: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(d)} UTC`;
export const excerpt = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export interface Ctx {
  url: (path: string) => string;
  settingsUrl: string;
}

/** One person's delivery with the shared layout fields filled in. */
export function to(
  ctx: Ctx,
  person: Person,
  d: {
    category: TEmailCategory | null;
    path: string;
    title: string;
    body: string;
    subject: string;
    heading?: string;
    paragraphs: string[];
    details?: EmailContent['details'];
    action: string;
    reason: string;
    throttleKey?: string;
  },
): Delivery {
  return {
    userId: person.id,
    to: person.email,
    category: d.category,
    bell: { title: d.title, body: d.body, link: d.path },
    throttleKey: d.throttleKey,
    email: {
      subject: d.subject,
      preview: d.body,
      heading: d.heading ?? d.title,
      greeting: greet(person),
      paragraphs: d.paragraphs,
      details: d.details,
      action: { label: d.action, url: ctx.url(d.path) },
      reason: d.reason,
      settingsUrl: ctx.settingsUrl,
    },
  };
}

export const transactionDetails = (t: TransactionFacts, extra: EmailContent['details'] = []) => [
  { label: 'Transaction', value: t.description },
  { label: 'Amount', value: money(t.amount, t.currency) },
  ...extra,
];
