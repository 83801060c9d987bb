import { Link, useLocation } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, LogOut, Store } from 'lucide-react';
import { userMenuLabel } from '#shared/auth-labels';
import type { SessionUser } from '#web/session/session-query';
import { useSignOut } from '#web/session/use-sign-out';
import { ACCOUNT_LINKS, ADMIN_LINK, isAccountPath, isAdmin } from './account-links';
import { UserAvatar } from './user-avatar';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-zinc-800 data-[highlighted]:text-white';

/**
 * The signed-in user's menu in the header (loaded only once someone is signed in): an avatar
 * with the initial on phones, the name beside it from `sm`.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const { signOut } = useSignOut();
  const active = isAccountPath(pathname);
  const label = userMenuLabel(user);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu, ${label}`}
        className={`flex h-10 max-w-48 items-center gap-2 rounded-lg px-1 text-sm font-medium transition-colors sm:ml-1 sm:px-2 ${
          active
            ? 'bg-brand-600/20 text-brand-200'
            : 'text-zinc-200 hover:bg-zinc-800 hover:text-white'
        }`}
      >
        <UserAvatar label={label} />
        <span className="hidden truncate sm:inline">{label}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-zinc-800 bg-zinc-900 p-1.5 shadow-2xl"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-zinc-500">
            {user.email}
          </DropdownMenu.Label>
          {ACCOUNT_LINKS.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={itemClass}>
              <Link to={link.to} aria-current={pathname === link.to ? 'page' : undefined}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          {isAdmin(user) && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-zinc-800" />
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={ADMIN_LINK.to}>
                  <Store aria-hidden="true" className="size-4" />
                  {ADMIN_LINK.label}
                </Link>
              </DropdownMenu.Item>
            </>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-800" />
          <DropdownMenu.Item className={itemClass} onSelect={signOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
