import {
  FileText,
  Gavel,
  Handshake,
  History,
  Lock,
  MessageSquare,
  Paperclip,
  ScrollText,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import type { TCaseFileEntry } from '@holdfast/contracts';
import { cn } from '@/lib/utils';
import { formatDateTime } from '@/lib/format';

const KIND_ICONS: Record<TCaseFileEntry['kind'], LucideIcon> = {
  event: History,
  delivery: Truck,
  message: MessageSquare,
  statement: ScrollText,
  evidence: Paperclip,
  offer: Handshake,
  note: Lock,
  decision: Gavel,
};

const ROLE_LABELS: Record<NonNullable<TCaseFileEntry['author']>['role'], string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  moderator: 'Moderator',
  admin: 'Admin',
};

function Entry({ entry }: { entry: TCaseFileEntry }) {
  const Icon = KIND_ICONS[entry.kind] ?? FileText;
  return (
    <li className="relative flex min-w-0 gap-3 pb-5 last:pb-0">
      <span
        className={cn(
          'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border bg-card',
          entry.internal && 'border-amber-400 bg-amber-50 text-amber-800',
          entry.kind === 'decision' && 'border-primary bg-primary/10 text-primary',
        )}
        aria-hidden="true"
      >
        <Icon className="size-4" />
      </span>
      <div
        className={cn(
          'min-w-0 flex-1 space-y-1 text-sm',
          entry.internal && 'rounded-md border border-dashed border-amber-400 bg-amber-50 p-3',
        )}
      >
        {entry.internal && (
          <p className="text-xs font-semibold tracking-wide text-amber-800 uppercase">Internal note — staff only</p>
        )}
        {!entry.internal && <p className="font-medium break-words text-brand-ink">{entry.summary}</p>}
        <p className="text-xs break-words text-muted-foreground">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.author && (
            <>
              {' · '}
              {entry.author.name} ({ROLE_LABELS[entry.author.role]})
            </>
          )}
        </p>
        {entry.text && <p className="break-words whitespace-pre-line [overflow-wrap:anywhere]">{entry.text}</p>}
        {entry.evidence && (
          <a
            href={entry.evidence.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{entry.evidence.fileName}</span>
          </a>
        )}
      </div>
    </li>
  );
}

/**
 * A dispute's case file as a vertical timeline, oldest first: an icon per kind, who and when, the text.
 * Internal notes (present only in staff's file) stand out and say they are staff only. A transaction's
 * history (its timeline) uses it too, under its own `label`.
 */
export function CaseFileTimeline({ entries, label = 'Case file' }: { entries: TCaseFileEntry[]; label?: string }) {
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">Nothing in the {label.toLowerCase()} yet.</p>;
  return (
    <ol
      aria-label={label}
      className="relative before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border"
    >
      {entries.map((e) => (
        <Entry key={e.id} entry={e} />
      ))}
    </ol>
  );
}
