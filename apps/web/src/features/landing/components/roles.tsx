import { Link } from 'wouter';
import { Check, Gavel, ShoppingCart, Store } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const ROLES = [
  {
    icon: ShoppingCart,
    title: 'Buyer',
    text: 'Buy products or hire services without the risk of paying up front.',
    points: [
      'Pay into escrow, not to a stranger',
      'Release funds only when satisfied',
      'Open a dispute if things go wrong',
    ],
    cta: 'Join as a Buyer',
    href: '/register?role=buyer',
    highlight: false,
  },
  {
    icon: Store,
    title: 'Seller',
    text: 'Sell products or offer services to buyers who have already paid.',
    points: [
      'See secured funds before you deliver',
      'Get paid as soon as delivery is confirmed',
      'Build a public track record',
    ],
    cta: 'Join as a Seller',
    href: '/register?role=seller',
    highlight: true,
  },
  {
    icon: Gavel,
    title: 'Moderator',
    text: 'Help the community by resolving disputes fairly and quickly.',
    points: ['Review evidence from both sides', 'Decide releases and refunds', 'Flexible hours, remote work'],
    cta: 'Apply as Moderator',
    href: '/login',
    highlight: false,
  },
];

export function Roles() {
  return (
    <section id="roles" className="scroll-mt-8 border-t bg-card py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Who it’s for</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-brand-ink sm:text-4xl">
            Choose how you take part
          </h2>
        </div>
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {ROLES.map((role) => (
            <article
              key={role.title}
              aria-labelledby={`role-${role.title}`}
              className={cn(
                'flex flex-col rounded-2xl border bg-background p-6 shadow-sm',
                role.highlight && 'border-primary/40 ring-2 ring-primary/15',
              )}
            >
              <div className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <role.icon className="size-5" aria-hidden="true" />
              </div>
              <h3 id={`role-${role.title}`} className="mt-5 text-xl font-semibold text-brand-ink">
                {role.title}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{role.text}</p>
              <ul className="mt-5 flex-1 space-y-2">
                {role.points.map((p) => (
                  <li key={p} className="flex gap-2 text-sm text-brand-ink">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                    {p}
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-6" variant={role.highlight ? 'default' : 'outline'}>
                <Link href={role.href}>{role.cta}</Link>
              </Button>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
