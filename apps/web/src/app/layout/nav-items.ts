import {
  ArrowLeftRight,
  Gavel,
  Headphones,
  LayoutDashboard,
  LifeBuoy,
  MessageCircle,
  MessageSquare,
  PlusCircle,
  Shield,
  ShieldCheck,
  UserCog,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { TRole } from '@holdfast/contracts';
import { canCreateTransactions, isStaff } from '@holdfast/contracts/constants';

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Top navigation (spec section 2): Create only for those who may create (buyers), moderation for moderators. */
export function primaryNavItems(role: TRole): NavItem[] {
  const items: NavItem[] = [
    { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { href: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
    { href: '/messages', label: 'Messages', icon: MessageSquare },
    { href: '/deposit-funds', label: 'Wallet', icon: Wallet },
  ];
  if (canCreateTransactions(role)) items.push({ href: '/create-transaction', label: 'Create', icon: PlusCircle });
  if (role === 'moderator') items.push({ href: '/moderator-dashboard', label: 'Moderation', icon: Gavel });
  return items;
}

/** Avatar menu links (spec section 2), role-specific ones after the common ones. */
export function accountMenuItems(role: TRole): NavItem[] {
  const items: NavItem[] = [
    { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { href: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
    { href: '/security-settings', label: 'Security Settings', icon: Shield },
    { href: '/support', label: 'Support Center', icon: LifeBuoy },
    { href: '/live-chat', label: 'Live Chat', icon: MessageCircle },
    { href: '/profile-settings', label: 'Profile Settings', icon: UserCog },
  ];
  if (canCreateTransactions(role))
    items.push({ href: '/create-transaction', label: 'Create Transaction', icon: PlusCircle });
  if (role === 'moderator') items.push({ href: '/moderator-dashboard', label: 'Moderator Dashboard', icon: Gavel });
  if (role === 'admin') items.push({ href: '/admin-dashboard', label: 'Admin Dashboard', icon: ShieldCheck });
  if (isStaff(role)) items.push({ href: '/support-console', label: 'Support Console', icon: Headphones });
  return items;
}

export function isActivePath(location: string, href: string): boolean {
  if (href === '/dashboard') return location === '/' || location === '/dashboard';
  return location === href || location.startsWith(`${href}/`);
}
