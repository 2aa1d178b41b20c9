import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { ADMIN_USER_MESSAGES, type TAdminUserSummary } from '@holdfast/contracts';
import { RoleBadge } from '@/components/layout/role-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, fullName } from '@/lib/format';
import { useAdminUsers } from '../api/users';

/** How long typing pauses before the search runs. */
const TYPING_PAUSE_MS = 300;

/** The search and page in the address (?tab=users&q=…&page=2), so Back from an account returns to them. */
function useSearchState(): [{ q: string; page: number }, (next: { q: string; page: number }) => void] {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const set = (next: { q: string; page: number }) => {
    const search = new URLSearchParams({ tab: 'users' });
    if (next.q) search.set('q', next.q);
    if (next.page > 1) search.set('page', String(next.page));
    navigate(`/admin-dashboard?${search.toString()}`, { replace: true });
  };
  return [{ q, page }, set];
}

/** The admin dashboard's Users tab: find an account by name or email and open it. */
export function UsersTab() {
  const [{ q, page }, setSearch] = useSearchState();
  const [text, setText] = React.useState(q);
  const users = useAdminUsers(q, page);
  const inputId = React.useId();

  // Typing searches once it pauses; a new search starts at its first page.
  React.useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = window.setTimeout(() => setSearch({ q: next, page: 1 }), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [text]);

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid gap-4">
      <form
        role="search"
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ q: text.trim(), page: 1 });
        }}
      >
        <Label htmlFor={inputId}>Search by name or email</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            className="pl-9"
            placeholder="e.g. Thandiwe or @example.com"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </div>
      </form>

      {users.isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : users.isError || !data ? (
        <Message text={ADMIN_USER_MESSAGES.listFailed} />
      ) : data.users.length === 0 ? (
        <Message text={q ? `No users match “${q}”.` : 'No users yet.'} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total === 1 ? '1 user' : `${data.total} users`}
            {q && ` matching “${q}”`}
          </p>
          <ul className="grid gap-3" aria-label="Users" aria-busy={users.isFetching}>
            {data.users.map((u) => (
              <li key={u.id}>
                <UserRow user={u} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="flex flex-wrap items-center justify-between gap-3" aria-label="Pages of users">
              <Button
                variant="outline"
                disabled={page <= 1 || users.isFetching}
                onClick={() => setSearch({ q, page: page - 1 })}
              >
                <ChevronLeft aria-hidden="true" /> Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {data.page} of {pages}
              </span>
              <Button
                variant="outline"
                disabled={page >= pages || users.isFetching}
                onClick={() => setSearch({ q, page: page + 1 })}
              >
                Next <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function UserRow({ user: u }: { user: TAdminUserSummary }) {
  const name = fullName(u);
  return (
    <Card className="transition-colors hover:bg-muted/40">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <Link
            href={`/admin/users/${u.id}`}
            className="font-medium text-brand-ink underline-offset-4 hover:underline [overflow-wrap:anywhere]"
          >
            {name ?? u.email}
          </Link>
          {name && <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{u.email}</p>}
          <p className="text-xs text-muted-foreground">Joined {formatDate(u.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <RoleBadge role={u.role} />
          {!u.emailVerified && <Badge variant="muted">Email not verified</Badge>}
          {u.suspension && <Badge variant="danger">Suspended</Badge>}
        </div>
      </CardContent>
    </Card>
  );
}

function Message({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-10 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}
