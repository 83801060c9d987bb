import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { isAdmin } from '#web/components/shell/account-links';
import { Container } from '#web/components/ui/container';
import { Skeleton } from '#web/components/ui/skeleton';
import { RequireAuth } from '#web/session/require-auth';
import { useSession } from '#web/session/use-session';
import { AdminForbidden } from './admin-forbidden';
import { AdminNav } from './admin-nav';

/**
 * The store admin's frame: a visitor is sent to sign in (and back here), a customer sees the
 * 403 page, an admin the sections beside the current one. The server decides again on every
 * call (requireAdmin); this only spares a customer a page of refusals.
 */
export function AdminLayout() {
  return (
    <RequireAuth>
      <AdminGate />
    </RequireAuth>
  );
}

function AdminGate() {
  const { user } = useSession();
  if (!user || !isAdmin(user)) return <AdminForbidden />;
  return (
    <Container className="py-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10 lg:py-12">
      <AdminNav />
      <div className="mt-6 min-w-0 lg:mt-0">
        <Suspense fallback={<Skeleton className="h-64" />}>
          <Outlet />
        </Suspense>
      </div>
    </Container>
  );
}
