import { Link } from 'wouter';
import { ArrowLeftRight, ChevronRight, Gavel, PlusCircle, ShieldCheck, Wallet } from 'lucide-react';
import type { TRole } from '@holdfast/contracts';
import { canCreateTransactions } from '@holdfast/contracts/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const ACTIONS = [
  { href: '/create-transaction', label: 'Create Transaction', hint: 'Start a new escrow deal', icon: PlusCircle },
  { href: '/transactions', label: 'View Transactions', hint: 'Track and manage your deals', icon: ArrowLeftRight },
  { href: '/wallet/deposit', label: 'Deposit Funds', hint: 'Top up your wallet', icon: Wallet },
  { href: '/moderator-application', label: 'Become a Moderator', hint: 'Help resolve disputes', icon: Gavel },
  { href: '/security-settings', label: 'Security Settings', hint: 'Two-factor and sign-in', icon: ShieldCheck },
];

export function QuickActions({ role }: { role: TRole }) {
  const actions = ACTIONS.filter((a) => a.href !== '/create-transaction' || canCreateTransactions(role));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Jump straight to what you need.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actions.map((action) => (
          <Link
            key={action.href}
            href={action.href}
            className="group flex items-center gap-3 rounded-lg border p-3 transition-colors hover:border-primary/40 hover:bg-accent"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
              <action.icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-brand-ink">{action.label}</span>
              <span className="block truncate text-xs text-muted-foreground">{action.hint}</span>
            </span>
            <ChevronRight
              className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              aria-hidden="true"
            />
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
