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
import { UserAvatar } from '@/components/layout/user-avatar';
import { initials } from '@/lib/format';
import { fullName } from '@/lib/format';
import { accountMenuItems } from './nav-items';

export function UserMenu({ user, onLogout }: { user: TUser; onLogout: () => void }) {
  const name = fullName(user);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`${initials(user)}: account menu`}
        className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        {/* Its name starts with the initials it shows (label in name, WCAG 2.5.3). */}
        <UserAvatar user={user} className="size-9 ring-2 ring-primary/10" />
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
