import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button';

/** Under the password form: the ways in without a password, keeping where to go afterwards. */
export function SignInByEmail({ redirectTo }: { redirectTo: string | null }) {
  const query = (via?: string) => {
    const params = new URLSearchParams();
    if (via) params.set('via', via);
    if (redirectTo) params.set('redirectTo', redirectTo);
    const text = params.toString();
    return `/login/code${text ? `?${text}` : ''}`;
  };
  return (
    <div className="mt-3 space-y-3">
      <Link to={query()} className={buttonClasses('secondary', 'lg', 'w-full')}>
        Sign in with a code
      </Link>
      <p className="text-center text-sm">
        <Link to={query('link')} className="text-brand-300 hover:text-brand-200">
          Email me a sign-in link
        </Link>
      </p>
    </div>
  );
}
