import type { ReactNode } from 'react';
import type { TUser } from '@holdfast/contracts';
import { RoleBadge } from '@/components/layout/role-badge';
import { greetingName } from '@/lib/format';
import { dashboardGreeting } from '../lib/greeting';

/** The dashboard's greeting (the spec's "Welcome"), a line under it and the main call to action beside it. */
export function GreetingBanner({ user, lead, action }: { user: TUser; lead: ReactNode; action?: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl bg-brand-deep p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {dashboardGreeting(user.createdAt)}, {greetingName(user)}
          </h1>
          <RoleBadge role={user.role} />
        </div>
        <p className="mt-2 text-white/70">{lead}</p>
      </div>
      {action}
    </section>
  );
}
