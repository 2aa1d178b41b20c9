import * as React from 'react';
import type { TUser } from '@holdfast/contracts';
import { TopNav } from './top-nav';

/** In-app pages: top navigation, a centered content column, a quiet footer. */
export function AppShell({ user, children }: { user: TUser | null; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <TopNav user={user} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        {children}
      </main>
      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} Holdfast. Money held fast until both sides are happy.</p>
          <p>Escrow payments for products and services</p>
        </div>
      </footer>
    </div>
  );
}
