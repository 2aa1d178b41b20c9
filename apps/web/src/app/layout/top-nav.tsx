import { Link, useLocation } from 'wouter';
import type { TUser } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useLogout } from '@/lib/auth';
import { staffMustEnrolTwoFactor, usePublicConfig } from '@/lib/config';
import { cn } from '@/lib/utils';
import { MobileNav } from './mobile-nav';
import { isActivePath, primaryNavItems } from './nav-items';
import { UserMenu } from './user-menu';

/** The bar at the top of every in-app page; signed out it only offers Sign In. */
export function TopNav({ user }: { user: TUser | null }) {
  const [location] = useLocation();
  const { logout } = useLogout();
  const { config } = usePublicConfig();
  return (
    <header className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link href={user ? '/dashboard' : '/'} aria-label="Holdfast home" className="shrink-0">
          <Logo />
        </Link>
        {user && (
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
            {primaryNavItems(user.role).map((item) => {
              const active = isActivePath(location, item.href);
              return (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    active
                      ? 'bg-primary/10 text-primary'
                      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                  )}
                >
                  <item.icon className="size-4" aria-hidden="true" />
                  {item.label}
                </Link>
              );
            })}
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {user ? (
            <>
              {/* Staff still to enrol, and anyone with the Terms to accept (reading /terms meanwhile), may not
                  read notifications: no refused calls, no socket retrying. */}
              {!staffMustEnrolTwoFactor(user, config) && !user.mustAcceptTerms && <NotificationBell />}
              <UserMenu user={user} onLogout={logout} />
              <MobileNav user={user} onLogout={logout} />
            </>
          ) : (
            <Button asChild>
              <Link href="/login">Sign In</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
