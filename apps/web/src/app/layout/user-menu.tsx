import type { TUser } from '@holdfast/contracts';
import { UserAvatar } from '@/components/layout/user-avatar';
import { deferred, useDeferredControl } from '@/lib/deferred';
import { initials } from '@/lib/format';
// Only its type: the menu's code itself loads after the first paint (`deferred`).
import type { UserMenuTriggerLook } from './user-menu-popup';

const popup = deferred(() => import('./user-menu-popup'));

/**
 * The avatar button and its account menu. The menu (Radix dropdown) loads after the first paint
 * (`useDeferredControl`); until then the same button shows, and a click on it opens the menu once loaded.
 */
export function UserMenu({ user, onLogout }: { user: TUser; onLogout: () => void }) {
  const { loaded, open, setOpen, wrapper, placeholderProps } = useDeferredControl(popup);
  const trigger: UserMenuTriggerLook = {
    // Its name starts with the initials it shows (label in name, WCAG 2.5.3).
    label: `${initials(user)}: account menu`,
    className: 'rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40',
    children: <UserAvatar user={user} className="size-9 ring-2 ring-primary/10" />,
  };
  return (
    <span ref={wrapper} className="contents">
      {loaded ? (
        <loaded.UserMenuPopup user={user} onLogout={onLogout} open={open} onOpenChange={setOpen} trigger={trigger} />
      ) : (
        <button {...placeholderProps} aria-haspopup="menu" aria-label={trigger.label} className={trigger.className}>
          {trigger.children}
        </button>
      )}
    </span>
  );
}
