import * as React from 'react';
import { Link } from 'wouter';
import { RefreshCw, Search, X } from 'lucide-react';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_MESSAGES,
  AUDIT_SUBJECT_LABELS,
  auditActionLabel,
  type TAuditEvent,
} from '@holdfast/contracts';
import { LoadMore } from '@/components/load-more';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, humanize } from '@/lib/format';
import { flattenPages } from '@/lib/paging';
import { cn } from '@/lib/utils';
import { NO_AUDIT_FILTERS, useAuditEvents, type AuditFilters } from '../api/get-audit-events';
import { auditRange } from '../lib/audit-range';

const ALL = 'all';

/** What the form holds: the days as the admin picked them (turned into instants when applied). */
interface Draft {
  action: string;
  actor: string;
  subjectType: string;
  subjectId: string;
  fromDay: string;
  toDay: string;
}
const EMPTY_DRAFT: Draft = { action: '', actor: '', subjectType: '', subjectId: '', fromDay: '', toDay: '' };

/**
 * The admin dashboard's Audit tab: every staff action and security event, newest first, with who did it,
 * when, what, to what and why; filtered by kind of action, who acted, the target and a range of days.
 */
export function AuditTab() {
  const [draft, setDraft] = React.useState<Draft>(EMPTY_DRAFT);
  const [filters, setFilters] = React.useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [rangeError, setRangeError] = React.useState<string | null>(null);
  const events = useAuditEvents(filters);
  const rows = flattenPages(events.data?.pages);
  const filtered = Object.values(filters).some(Boolean);

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    if (draft.fromDay && draft.toDay && draft.fromDay > draft.toDay) {
      setRangeError(AUDIT_MESSAGES.badRange);
      return;
    }
    setRangeError(null);
    const { fromDay, toDay, ...rest } = draft;
    setFilters({ ...rest, actor: rest.actor.trim(), subjectId: rest.subjectId.trim(), ...auditRange(fromDay, toDay) });
  };
  const clear = () => {
    setDraft(EMPTY_DRAFT);
    setFilters(NO_AUDIT_FILTERS);
    setRangeError(null);
  };
  const set = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="p-4">
          <form onSubmit={apply} className="grid gap-4" aria-label="Filter the audit trail">
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <ChoiceFilter
                id="audit-action"
                label="What"
                value={draft.action}
                onChange={(action) => setDraft((d) => ({ ...d, action }))}
                anyLabel="Every action"
                choices={AUDIT_ACTION_GROUPS}
              />
              <div className="min-w-0 space-y-1.5">
                <Label htmlFor="audit-actor">Who (email or account id)</Label>
                <Input
                  id="audit-actor"
                  value={draft.actor}
                  onChange={set('actor')}
                  placeholder="name@example.com"
                  autoComplete="off"
                  maxLength={254}
                />
              </div>
              <ChoiceFilter
                id="audit-subject-type"
                label="Target"
                value={draft.subjectType}
                onChange={(subjectType) => setDraft((d) => ({ ...d, subjectType }))}
                anyLabel="Any target"
                choices={AUDIT_SUBJECT_LABELS}
              />
              <div className="min-w-0 space-y-1.5">
                <Label htmlFor="audit-subject-id">Target id</Label>
                <Input
                  id="audit-subject-id"
                  value={draft.subjectId}
                  onChange={set('subjectId')}
                  placeholder="A dispute, account or job id"
                  autoComplete="off"
                  maxLength={255}
                />
              </div>
              <div className="min-w-0 space-y-1.5">
                <Label htmlFor="audit-from">From</Label>
                <Input id="audit-from" type="date" value={draft.fromDay} onChange={set('fromDay')} />
              </div>
              <div className="min-w-0 space-y-1.5">
                <Label htmlFor="audit-to">To (inclusive)</Label>
                <Input
                  id="audit-to"
                  type="date"
                  value={draft.toDay}
                  onChange={set('toDay')}
                  aria-invalid={!!rangeError}
                  aria-describedby={rangeError ? 'audit-range-error' : undefined}
                />
              </div>
            </div>
            {rangeError && (
              <p id="audit-range-error" role="alert" className="text-sm text-destructive">
                {rangeError}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit">
                <Search aria-hidden="true" /> Apply filters
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={clear}
                disabled={!filtered && Object.values(draft).every((v) => !v)}
              >
                <X aria-hidden="true" /> Clear
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => void events.refetch()}
                disabled={events.isFetching}
                className="sm:ml-auto"
              >
                <RefreshCw aria-hidden="true" className={cn(events.isFetching && 'animate-spin')} /> Refresh
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {events.isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the audit trail">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : events.isError ? (
        <Message text="The audit trail could not be loaded. Refresh to try again." />
      ) : rows.length ? (
        <div className="grid gap-3">
          <ul className="grid gap-3" aria-label="Audit records">
            {rows.map((event) => (
              <AuditRow key={event.id} event={event} />
            ))}
          </ul>
          <LoadMore
            hasNextPage={events.hasNextPage}
            isFetchingNextPage={events.isFetchingNextPage}
            fetchNextPage={events.fetchNextPage}
            label="Load more audit records"
          />
        </div>
      ) : (
        <Message text={filtered ? 'No audit records match these filters.' : 'Nothing has been recorded yet.'} />
      )}
    </div>
  );
}

/** A filter with one of `choices` (value to label) or none: '' is "any". */
function ChoiceFilter(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  choices: Record<string, string>;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value || ALL} onValueChange={(v) => props.onChange(v === ALL ? '' : v)}>
        <SelectTrigger id={props.id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{props.anyLabel}</SelectItem>
          {Object.entries(props.choices).map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** The target as people read it: the account's name, or the kind and a short id, linked where a page shows it. */
function Target({ subject }: { subject: TAuditEvent['subject'] }) {
  const kind = AUDIT_SUBJECT_LABELS[subject.type] ?? humanize(subject.type);
  const text = subject.name ? `${kind}: ${subject.name}` : `${kind} ${shortId(subject.id)}`;
  if (subject.type === 'dispute') {
    return (
      <Link
        href={`/moderator/cases/${subject.id}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {text}
      </Link>
    );
  }
  return <span title={subject.id}>{text}</span>;
}

const detailText = (value: unknown) =>
  value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function AuditRow({ event }: { event: TAuditEvent }) {
  const details = Object.entries(event.detail);
  return (
    <li>
      <Card>
        <CardContent className="grid gap-2 p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="font-semibold">{auditActionLabel(event.action)}</p>
            <time dateTime={event.at} className="text-xs text-muted-foreground">
              {formatDateTime(event.at)}
            </time>
          </div>
          <dl className="grid gap-1.5 sm:grid-cols-[7rem_1fr] sm:gap-x-3">
            <dt className="text-muted-foreground">Who</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {event.actor ? (
                <span className="flex flex-wrap items-center gap-2">
                  {event.actor.name}
                  <Badge variant="secondary">{humanize(event.actor.role)}</Badge>
                  <span className="text-muted-foreground">{event.actor.email}</span>
                </span>
              ) : (
                'The system'
              )}
            </dd>
            <dt className="text-muted-foreground">Target</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <Target subject={event.subject} />
            </dd>
            {event.reason && (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{event.reason}</dd>
              </>
            )}
            {(event.ipAddress || event.device) && (
              <>
                <dt className="text-muted-foreground">From</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">
                  {[event.device, event.ipAddress].filter(Boolean).join(' · ')}
                </dd>
              </>
            )}
          </dl>
          {details.length > 0 && (
            <details className="text-xs text-muted-foreground">
              <summary className="cursor-pointer select-none">
                Details <span className="font-mono">({event.action})</span>
              </summary>
              <dl className="mt-2 grid gap-1 font-mono sm:grid-cols-[10rem_1fr] sm:gap-x-3">
                {details.map(([key, value]) => (
                  <React.Fragment key={key}>
                    <dt>{key}</dt>
                    <dd className="min-w-0 [overflow-wrap:anywhere] text-foreground">{detailText(value)}</dd>
                  </React.Fragment>
                ))}
              </dl>
            </details>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function Message({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-10 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}
