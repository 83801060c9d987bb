import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '#shared/auth-labels';
import { useSession } from '#web/session/use-session';
import { Container } from '#web/components/ui/container';
import { Skeleton } from '#web/components/ui/skeleton';

/** Signed-in pages: a visitor goes to /login and comes back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const { pathname, search } = useLocation();
  if (isPending) {
    return (
      <Container className="py-12">
        <Skeleton className="h-64" />
      </Container>
    );
  }
  if (!user) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return children;
}
