import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { Dialog } from 'radix-ui';
import { LogIn, LogOut, X } from 'lucide-react';
import { userMenuLabel } from '#shared/auth-labels';
import { useSession } from '#web/session/use-session';
import { useSignOut } from '#web/session/use-sign-out';
import { ACCOUNT_LINKS, ADMIN_LINK, isAdmin } from './account-links';
import { NAV_LINKS } from './nav-links';
import { Wordmark } from './wordmark';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center rounded-lg px-3 py-3 text-base font-medium transition-colors ${
    isActive ? 'bg-brand-600/15 text-brand-300' : 'text-zinc-300 hover:bg-zinc-800 hover:text-white'
  }`;

export interface MobileNavSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button, focused again when the sheet closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The navigation sheet sliding in from the left; loaded when the menu is first opened. */
export function MobileNavSheet({ open, onOpenChange, returnFocusTo }: MobileNavSheetProps) {
  const close = () => onOpenChange(false);
  const { user } = useSession();
  const { signOut } = useSignOut();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger to go back to: the button lives in the header.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 border-r border-zinc-800 bg-zinc-950 p-5 shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <Wordmark onClick={close} />
            <Dialog.Close
              aria-label="Close menu"
              className="grid size-10 place-items-center rounded-lg text-zinc-400 hover:bg-zinc-800 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Main">
            <ul className="space-y-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={close} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {user ? (
            <nav aria-label="Account" className="mt-auto border-t border-zinc-800 pt-4">
              <p className="truncate px-3 pb-2 text-sm text-zinc-500">{userMenuLabel(user)}</p>
              <ul className="space-y-1">
                {ACCOUNT_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} onClick={close} className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                {isAdmin(user) && (
                  <li>
                    <NavLink to={ADMIN_LINK.to} onClick={close} className={linkClass}>
                      {ADMIN_LINK.label}
                    </NavLink>
                  </li>
                )}
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      signOut();
                    }}
                    className="flex w-full items-center gap-2 rounded-lg px-3 py-3 text-base font-medium text-zinc-300 hover:bg-zinc-800 hover:text-white"
                  >
                    <LogOut aria-hidden="true" className="size-4" />
                    Sign Out
                  </button>
                </li>
              </ul>
            </nav>
          ) : (
            <NavLink
              to="/login"
              onClick={close}
              className="mt-auto flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 font-medium text-white hover:bg-brand-700"
            >
              <LogIn aria-hidden="true" className="size-4" />
              Sign In
            </NavLink>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
