import * as React from 'react';
import { Link } from 'wouter';
import { Menu, X } from 'lucide-react';
import { ThemeToggle } from '@/components/theme-toggle';
import { Logo } from '@/components/layout/logo';
import { cn } from '@/lib/utils';

const SECTIONS = [
  { href: '#how-it-works', label: 'How it works' },
  { href: '#security', label: 'Security' },
  { href: '#support', label: 'Support' },
  { href: '#roles', label: 'Who it’s for' },
];

/** Landing header: section links and, as the spec asks of a signed-out header, Sign In to /login. */
export function LandingHeader() {
  const [open, setOpen] = React.useState(false);
  return (
    <header className="absolute inset-x-0 top-0 z-30">
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link href="/" aria-label="Holdfast home">
          <Logo inverted />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-8 md:flex">
          {SECTIONS.map((s) => (
            <a
              key={s.href}
              href={s.href}
              className="text-sm font-medium text-white/80 transition-colors hover:text-white"
            >
              {s.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle className="text-white/90 hover:bg-white/10 hover:text-white" />
          <Link
            href="/login"
            className="rounded-md px-3 py-2 text-sm font-semibold text-white ring-1 ring-white/40 transition-colors hover:bg-white/10"
          >
            Sign In
          </Link>
          <button
            type="button"
            className="rounded-md p-2 text-white/90 hover:bg-white/10 md:hidden"
            aria-label={open ? 'Close sections menu' : 'Open sections menu'}
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="size-5" /> : <Menu className="size-5" />}
          </button>
        </div>
      </div>
      <nav
        aria-label="Sections (mobile)"
        className={cn('mx-4 flex-col gap-1 rounded-xl bg-card p-2 shadow-xl md:hidden', open ? 'flex' : 'hidden')}
      >
        {SECTIONS.map((s) => (
          <a
            key={s.href}
            href={s.href}
            onClick={() => setOpen(false)}
            className="rounded-md px-3 py-2.5 text-sm font-medium text-brand-ink hover:bg-accent"
          >
            {s.label}
          </a>
        ))}
      </nav>
    </header>
  );
}
