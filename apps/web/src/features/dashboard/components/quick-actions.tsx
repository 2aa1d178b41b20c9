import { Link } from 'wouter';
import {
  ArrowLeftRight,
  ChevronRight,
  Gavel,
  Headphones,
  PlusCircle,
  Shield,
  ShieldCheck,
  UserCog,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { TRole } from '@holdfast/contracts';
import { canCreateTransactions, isStaff } from '@holdfast/contracts/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Action {
  href: string;
  label: string;
  hint: string;
  icon: LucideIcon;
}

const ACTIONS: Action[] = [
  { href: '/create-transaction', label: 'Create Transaction', hint: 'Start a new escrow deal', icon: PlusCircle },
  { href: '/transactions', label: 'View Transactions', hint: 'Track and manage your deals', icon: ArrowLeftRight },
  { href: '/wallet/deposit', label: 'Deposit Funds', hint: 'Top up your wallet', icon: Wallet },
  { href: '/moderator-application', label: 'Become a Moderator', hint: 'Help resolve disputes', icon: Gavel },
  { href: '/security-settings', label: 'Security Settings', hint: 'Two-factor and sign-in', icon: ShieldCheck },
];

/** Staff land on their own work: their tools, never a buyer's or a seller's calls to action. */
const STAFF_ACTIONS: Action[] = [
  { href: '/support-console', label: 'Support Console', hint: 'Answer support and live chats', icon: Headphones },
  { href: '/security-settings', label: 'Security Settings', hint: 'Two-factor and sign-in', icon: Shield },
  { href: '/profile-settings', label: 'Profile Settings', hint: 'Your picture and public profile', icon: UserCog },
];

function actionsFor(role: TRole): Action[] {
  if (role === 'moderator')
    return [
      { href: '/moderator-dashboard', label: 'Moderator Dashboard', hint: 'The queue and your cases', icon: Gavel },
      ...STAFF_ACTIONS,
    ];
  if (isStaff(role))
    return [
      { href: '/admin-dashboard', label: 'Admin Dashboard', hint: 'Applications, moderators, jobs', icon: ShieldCheck },
      ...STAFF_ACTIONS,
    ];
  return ACTIONS.filter((a) => a.href !== '/create-transaction' || canCreateTransactions(role));
}

export function QuickActions({ role }: { role: TRole }) {
  const actions = actionsFor(role);
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
