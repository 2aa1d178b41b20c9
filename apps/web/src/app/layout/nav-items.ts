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

/**
 * Staff work first (issue 31): their dashboard, their area, the support console, then the deals they may
 * take part in. No wallet or create links: those are a buyer's and a seller's calls to action.
 */
function staffNavItems(role: 'moderator' | 'admin'): NavItem[] {
  return [
    { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    role === 'moderator'
      ? { href: '/moderator-dashboard', label: 'Moderation', icon: Gavel }
      : { href: '/admin-dashboard', label: 'Admin', icon: ShieldCheck },
    { href: '/support-console', label: 'Support', icon: Headphones },
    { href: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
    { href: '/messages', label: 'Messages', icon: MessageSquare },
  ];
}

/** Top navigation (spec section 2): Create only for those who may create (buyers); staff see their own work. */
export function primaryNavItems(role: TRole): NavItem[] {
  if (isStaff(role)) return staffNavItems(role);
  const items: NavItem[] = [
    { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { href: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
    { href: '/messages', label: 'Messages', icon: MessageSquare },
    { href: '/deposit-funds', label: 'Wallet', icon: Wallet },
  ];
  if (canCreateTransactions(role)) items.push({ href: '/create-transaction', label: 'Create', icon: PlusCircle });
  return items;
}

/**
 * Avatar menu links (spec section 2), role-specific ones after the common ones. Staff get their tools in
 * place of the customer's Support Center and Live Chat (they answer those in the console), and their
 * wallet, which has no place in their top navigation.
 */
export function accountMenuItems(role: TRole): NavItem[] {
  if (isStaff(role))
    return [
      { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      role === 'moderator'
        ? { href: '/moderator-dashboard', label: 'Moderator Dashboard', icon: Gavel }
        : { href: '/admin-dashboard', label: 'Admin Dashboard', icon: ShieldCheck },
      { href: '/support-console', label: 'Support Console', icon: Headphones },
      { href: '/transactions', label: 'Transactions', icon: ArrowLeftRight },
      { href: '/deposit-funds', label: 'Wallet', icon: Wallet },
      { href: '/security-settings', label: 'Security Settings', icon: Shield },
      { href: '/profile-settings', label: 'Profile Settings', icon: UserCog },
    ];
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
  return items;
}

export function isActivePath(location: string, href: string): boolean {
  if (href === '/dashboard') return location === '/' || location === '/dashboard';
  // A case file belongs to the moderation area.
  if (href === '/moderator-dashboard' && location.startsWith('/moderator/')) return true;
  return location === href || location.startsWith(`${href}/`);
}
