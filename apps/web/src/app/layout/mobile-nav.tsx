import type { TUser } from '@holdfast/contracts';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deferred, useDeferredControl } from '@/lib/deferred';

const sheet = deferred(() => import('./mobile-nav-sheet'));

/**
 * Navigation for small screens: everything from the top bar and the avatar menu in a sheet. The sheet
 * (Radix dialog) loads after the first paint (`useDeferredControl`); until then the same button shows,
 * and a press on it opens the sheet once loaded.
 */
export function MobileNav({ user, onLogout }: { user: TUser; onLogout: () => void }) {
  const { loaded, open, setOpen, wrapper, placeholderProps } = useDeferredControl(sheet);
  const trigger = (props: object) => (
    <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" {...props}>
      <Menu className="size-5" />
    </Button>
  );
  return (
    <span ref={wrapper} className="contents">
      {loaded ? (
        <loaded.MobileNavSheet
          user={user}
          onLogout={onLogout}
          open={open}
          onOpenChange={setOpen}
          trigger={trigger({})}
        />
      ) : (
        trigger({ ...placeholderProps, 'aria-haspopup': 'dialog' })
      )}
    </span>
  );
}
