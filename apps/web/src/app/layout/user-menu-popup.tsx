import type * as React from 'react';
import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { RoleBadge } from '@/components/layout/role-badge';
import { fullName } from '@/lib/format';
import { accountMenuItems } from './nav-items';

/** The trigger's name, classes and content, the same before and after the menu's code is there. */
export interface UserMenuTriggerLook {
  label: string;
  className: string;
  children: React.ReactNode;
}

/** The account menu itself (Radix), loaded after the first paint: see user-menu.tsx. */
export function UserMenuPopup({
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
  trigger: UserMenuTriggerLook;
}) {
  const name = fullName(user);
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger aria-label={trigger.label} className={trigger.className}>
        {trigger.children}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <div className="flex flex-col gap-1">
            {name && <p className="truncate text-sm font-semibold text-brand-ink">{name}</p>}
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            <RoleBadge role={user.role} className="mt-1" />
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {accountMenuItems(user.role).map((item) => (
            <DropdownMenuItem key={item.href + item.label} asChild>
              <Link href={item.href}>
                <item.icon aria-hidden="true" />
                {item.label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
