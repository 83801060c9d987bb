import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPathFor, userMenuLabel } from '#shared/auth';
import { useSession } from '#web/session/use-session';

/** Pages about signing in: coming back to them after signing in would make no sense. */
const SIGN_IN_PAGES = ['/login', '/signup', '/reset-password', '/email-confirmation'];

const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/** The header's Sign In link (back to this page afterwards), or the user menu. */
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
  return (
    <div className="hidden sm:block">
      <Suspense
        fallback={
          <span className="ml-1 flex h-10 items-center px-3 text-sm text-zinc-200">
            {userMenuLabel(user)}
          </span>
        }
      >
        <UserMenu user={user} />
      </Suspense>
    </div>
  );
}
