import * as React from 'react';
import { Link } from 'wouter';
import type { TUser } from '@holdfast/contracts';
import { PUBLIC_PAGE_LINKS } from '@/components/layout/site-links';
import { useCompany } from '@/lib/queries/get-company';
import { TopNav } from './top-nav';

/** In-app pages: top navigation, a centered content column, a quiet footer. */
export function AppShell({ user, children }: { user: TUser | null; children: React.ReactNode }) {
  const company = useCompany();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <TopNav user={user} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        {children}
      </main>
      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {company.name}
            {company.data?.registration ? ` (registration ${company.data.registration})` : ''}. Money held fast until
            both sides are happy.
          </p>
          <nav aria-label="Help and policies">
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {PUBLIC_PAGE_LINKS.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className="underline-offset-2 hover:text-foreground hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
