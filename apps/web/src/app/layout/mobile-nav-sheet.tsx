import type * as React from 'react';
import { Link, useLocation } from 'wouter';
import { LogOut } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { RoleBadge } from '@/components/layout/role-badge';
import { UserAvatar } from '@/components/layout/user-avatar';
import { displayName } from '@/lib/format';
import { cn } from '@/lib/utils';
import { accountMenuItems, isActivePath, primaryNavItems, type NavItem } from './nav-items';

function SheetLink({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate: () => void }) {
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent',
        active ? 'bg-primary/10 text-primary' : 'text-foreground',
      )}
    >
      <item.icon className="size-4" aria-hidden="true" />
      {item.label}
    </Link>
  );
}

/** The mobile navigation's sheet (Radix dialog), loaded after the first paint: see mobile-nav.tsx. */
export function MobileNavSheet({
  user,
  onLogout,
  open,
  onOpenChange,
  trigger,
}: {
  user: TUser;
  onLogout: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
}) {
  const [location] = useLocation();
  const close = () => onOpenChange(false);
  const primary = primaryNavItems(user.role);
  const primaryHrefs = new Set(primary.map((i) => i.href));
  const extra = accountMenuItems(user.role).filter((i) => !primaryHrefs.has(i.href));
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Main navigation</SheetDescription>
        <div className="flex items-center gap-3 pr-8">
          <UserAvatar user={user} className="size-10" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{displayName(user)}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <RoleBadge role={user.role} />
        <Separator />
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {primary.map((item) => (
            <SheetLink key={item.href} item={item} active={isActivePath(location, item.href)} onNavigate={close} />
          ))}
          <Separator className="my-2" />
          {extra.map((item) => (
            <SheetLink key={item.href} item={item} active={isActivePath(location, item.href)} onNavigate={close} />
          ))}
        </nav>
        <Separator />
        <Button
          variant="outline"
          className="justify-start text-destructive hover:text-destructive"
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <LogOut aria-hidden="true" />
          Log out
        </Button>
      </SheetContent>
    </Sheet>
  );
}
