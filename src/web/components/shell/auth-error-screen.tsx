import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { AUTH_ERROR, AUTH_ERROR_DETAIL } from '#shared/auth-labels';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';

/** Shown when the session check itself fails (not when nobody is signed in). */
export function AuthErrorScreen() {
  return (
    <Container className="grid place-items-center py-24 text-center">
      <div role="alert" className="max-w-md">
        <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-red-400" />
        <h1 className="mt-4 text-2xl font-semibold text-white">{AUTH_ERROR}</h1>
        <p className="mt-2 text-zinc-400">{AUTH_ERROR_DETAIL}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          <Link to="/" reloadDocument className={buttonClasses('secondary')}>
            Go Home
          </Link>
        </div>
      </div>
    </Container>
  );
}
