import { Link, useLocation, useSearch } from 'wouter';
import { FileText, ShieldCheck, UserCog, Users } from 'lucide-react';
import { CaseHistory } from '@/components/case-history/case-history';
import { PageHeader } from '@/components/layout/page-header';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate, fullName } from '@/lib/format';
import { useAdminStats, useApplications, useModerators } from '../api/admin';
import { ApplicationCard } from '../components/application-card';
import { AuditTab } from '../components/audit-tab';
import { CreateModeratorForm } from '../components/create-moderator-form';
import { HeldWithdrawalsTab } from '../components/held-withdrawals-tab';
import { SystemTab } from '../components/system-tab';
import { UsersTab } from '../components/users-tab';
import { VerificationTab } from '../components/verification-tab';

const TABS = [
  'applications',
  'create',
  'moderators',
  'users',
  'verification',
  'withdrawals',
  'cases',
  'system',
  'audit',
] as const;
type Tab = (typeof TABS)[number];

/**
 * The tab in the address (?tab=system), so a link (a failed job's alert) opens it and the bell knows
 * what is being looked at; Applications without one.
 */
function useTab(): [Tab, (tab: Tab) => void] {
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('tab');
  const tab = TABS.find((t) => t === asked) ?? 'applications';
  const setTab = (next: Tab) =>
    navigate(next === 'applications' ? '/admin-dashboard' : `/admin-dashboard?tab=${next}`, { replace: true });
  return [tab, setTab];
}

/** The admin area (admins only; the router sends anyone else to /admin/login). */
export function AdminDashboardPage() {
  const [tab, setTab] = useTab();
  const applications = useApplications();
  const moderators = useModerators();
  const stats = useAdminStats();
  const pending = applications.data?.filter((a) => a.status === 'pending').length ?? 0;

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="Review moderator applications, manage moderator accounts and watch the background jobs."
        icon={<ShieldCheck />}
      />
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Pending Applications"
          value={pending}
          icon={<FileText />}
          tone="amber"
          loading={applications.isLoading}
        />
        <StatCard
          label="Active Moderators"
          value={moderators.data?.length ?? 0}
          icon={<UserCog />}
          tone="violet"
          loading={moderators.isLoading}
        />
        <StatCard
          label="Users"
          value={stats.data?.users.total ?? 0}
          icon={<Users />}
          tone="sky"
          loading={stats.isLoading}
        />
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        {/* One row at every width: on a phone the row scrolls sideways instead of wrapping into two. */}
        <TabsList className="w-full justify-start overscroll-x-contain [&>*]:shrink-0 sm:w-fit">
          <TabsTrigger value="applications">Applications ({applications.data?.length ?? 0})</TabsTrigger>
          <TabsTrigger value="create">Create Moderator</TabsTrigger>
          <TabsTrigger value="moderators">Active Moderators ({moderators.data?.length ?? 0})</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="verification">Verification</TabsTrigger>
          <TabsTrigger value="withdrawals">Withdrawals</TabsTrigger>
          <TabsTrigger value="cases">Cases</TabsTrigger>
          <TabsTrigger value="system">System</TabsTrigger>
          <TabsTrigger value="audit">Audit</TabsTrigger>
        </TabsList>
        <TabsContent value="applications" className="grid gap-4">
          {applications.isLoading ? (
            <ListSkeleton />
          ) : applications.isError ? (
            <Empty text="The applications could not be loaded. Reload the page to try again." />
          ) : applications.data?.length ? (
            applications.data.map((a) => <ApplicationCard key={a.id} application={a} />)
          ) : (
            <Empty text="No moderator applications yet." />
          )}
        </TabsContent>
        <TabsContent value="create">
          <CreateModeratorForm onCreated={() => setTab('moderators')} />
        </TabsContent>
        <TabsContent value="moderators" className="grid gap-3">
          {moderators.isLoading ? (
            <ListSkeleton />
          ) : moderators.isError ? (
            <Empty text="The moderators could not be loaded. Reload the page to try again." />
          ) : moderators.data?.length ? (
            <ul className="grid gap-3" aria-label="Active moderators">
              {moderators.data.map((m) => (
                <li key={m.id}>
                  <Card>
                    <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
                      <div className="min-w-0">
                        <Link
                          href={`/admin/users/${m.id}`}
                          className="font-medium text-brand-ink underline-offset-4 hover:underline"
                        >
                          {fullName(m) ?? m.email}
                        </Link>
                        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{m.email}</p>
                        {m.phone && <p className="text-sm text-muted-foreground">{m.phone}</p>}
                      </div>
                      <div className="flex flex-col items-end gap-1 text-right">
                        {m.mustChangePassword && <Badge variant="warning">Temporary password</Badge>}
                        <span className="text-xs text-muted-foreground">Since {formatDate(m.createdAt)}</span>
                      </div>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          ) : (
            <Empty text="No moderators yet." />
          )}
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="verification">
          <VerificationTab manageReviewers />
        </TabsContent>
        <TabsContent value="withdrawals">
          <HeldWithdrawalsTab />
        </TabsContent>
        <TabsContent value="system">
          <SystemTab />
        </TabsContent>
        {/* Every resolved case, searchable, each opening its case file (issue 31). */}
        <TabsContent value="cases">
          <CaseHistory showDecider />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-10 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
