import { Link } from 'wouter';
import {
  ArrowLeftRight,
  ArrowRight,
  Gavel,
  Headphones,
  LogIn,
  PlusCircle,
  Shield,
  ShieldCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { canCreateTransactions, isStaff } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StaffFigures, StaffQueues } from '@/components/staff/staff-work';
import { greetingName } from '@/lib/format';

interface HomeCard {
  href: string;
  title: string;
  text: string;
  icon: LucideIcon;
}

const CARDS: HomeCard[] = [
  {
    href: '/create-transaction',
    title: 'Create Transaction',
    text: 'Set up a new escrow deal with a seller or service provider.',
    icon: PlusCircle,
  },
  {
    href: '/transactions',
    title: 'My Transactions',
    text: 'Follow every deal from payment to release.',
    icon: ArrowLeftRight,
  },
  {
    href: '/deposit-funds',
    title: 'Wallet & Deposits',
    text: 'See your balance and add funds to your wallet.',
    icon: Wallet,
  },
  {
    href: '/security-settings',
    title: 'Security Settings',
    text: 'Turn on two-factor authentication for extra protection.',
    icon: ShieldCheck,
  },
];

/** A moderator's or an admin's cards: their tools, no buyer's or seller's calls to action. */
function staffCards(role: 'moderator' | 'admin'): HomeCard[] {
  return [
    role === 'moderator'
      ? {
          href: '/moderator-dashboard',
          title: 'Moderator Dashboard',
          text: 'Take cases from the queue and decide them.',
          icon: Gavel,
        }
      : {
          href: '/admin-dashboard',
          title: 'Admin Dashboard',
          text: 'Applications, moderators and background jobs.',
          icon: ShieldCheck,
        },
    {
      href: '/support-console',
      title: 'Support Console',
      text: 'Answer customers’ support chats and live chats.',
      icon: Headphones,
    },
    {
      href: '/security-settings',
      title: 'Security Settings',
      text: 'Your second factor and where you are signed in.',
      icon: Shield,
    },
  ];
}

function CardLinks({ cards, className }: { cards: HomeCard[]; className: string }) {
  return (
    <div className={className}>
      {cards.map((card) => (
        <Link
          key={card.href}
          href={card.href}
          className="group rounded-xl border bg-card p-5 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
        >
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <card.icon className="size-5" aria-hidden="true" />
          </span>
          <span className="mt-4 block font-semibold text-brand-ink">{card.title}</span>
          <span className="mt-1 block text-sm text-muted-foreground">{card.text}</span>
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
            Open <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
          </span>
        </Link>
      ))}
    </div>
  );
}

/** /home for staff (issue 31): the same greeting, then their own work instead of buyer and seller content. */
function StaffHome({ user }: { user: TUser & { role: 'moderator' | 'admin' } }) {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-ink">Welcome, {greetingName(user)}</h1>
        <p className="mt-2 text-muted-foreground">Here is what waits for you today.</p>
      </div>
      <StaffFigures user={user} />
      <CardLinks cards={staffCards(user.role)} className="grid gap-4 sm:grid-cols-3" />
      <StaffQueues user={user} />
    </div>
  );
}

function HomeSkeleton() {
  return (
    <div className="space-y-8" aria-busy="true" aria-label="Loading">
      <div className="space-y-3">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-5 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((c) => (
          <Skeleton key={c.href} className="h-40 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}

export function HomePage({ user, loading }: { user: TUser | null; loading: boolean }) {
  if (loading) return <HomeSkeleton />;
  if (!user) {
    return (
      <Card className="mx-auto max-w-md">
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LogIn className="size-6" aria-hidden="true" />
          </div>
          <p className="text-lg font-semibold text-brand-ink">Please log in to continue</p>
          <Button asChild>
            <Link href="/login">Login</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (isStaff(user.role)) return <StaffHome user={{ ...user, role: user.role }} />;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-brand-ink">Welcome, {greetingName(user)}</h1>
        <p className="mt-2 text-muted-foreground">What would you like to do today?</p>
      </div>
      <CardLinks
        cards={CARDS.filter((c) => c.href !== '/create-transaction' || canCreateTransactions(user.role))}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      />
      <section className="grid gap-6 rounded-2xl bg-gradient-to-br from-primary to-solid-teal dark:from-solid-teal dark:to-brand-deep p-8 text-white md:grid-cols-3">
        <div className="md:col-span-2">
          <h2 className="text-2xl font-bold tracking-tight">Trade with anyone, safely</h2>
          <p className="mt-2 text-white/80">
            Holdfast keeps the payment in escrow until the buyer confirms delivery. Sellers see the money is secured
            before they ship; buyers never pay for something that does not arrive.
          </p>
        </div>
        <ul className="space-y-2 text-sm text-white/90">
          <li>✓ Bank-level security</li>
          <li>✓ 24/7 support</li>
          <li>✓ Multi-currency support</li>
        </ul>
      </section>
    </div>
  );
}
