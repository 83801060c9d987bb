import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPathFor, userMenuLabel } from '#shared/auth-labels';
import { useSession } from '#web/session/use-session';
import { UserAvatar } from './user-avatar';

/** Pages about signing in: coming back to them after signing in would make no sense. */
const SIGN_IN_PAGES = ['/login', '/signup', '/reset-password', '/email-confirmation'];

const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/**
 * The header's Sign In link (back to this page afterwards; on phones it is in the menu sheet), or
 * the user menu, shown at every width so being signed in is always visible.
 */
export function AccountNav() {
  const { user, isPending } = useSession();
  const { pathname, search } = useLocation();

  if (isPending) return <span aria-hidden="true" className="ml-1 hidden w-20 sm:block" />;
  if (!user) {
    const here = `${pathname}${search}`;
    return (
      <Link
        to={SIGN_IN_PAGES.some((p) => pathname.startsWith(p)) ? '/login' : loginPathFor(here)}
        className="ml-1 hidden rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-700 sm:inline-flex"
      >
        Sign In
      </Link>
    );
  }
  const label = userMenuLabel(user);
  return (
    <Suspense
      fallback={
        <span className="flex h-10 items-center gap-2 px-1 text-sm text-zinc-200 sm:ml-1 sm:px-2">
          <UserAvatar label={label} />
          <span className="hidden truncate sm:inline">{label}</span>
        </span>
      }
    >
      <UserMenu user={user} />
    </Suspense>
  );
}
