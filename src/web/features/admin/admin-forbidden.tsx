import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { PageTitle } from '#web/components/ui/page-title';

export const ADMIN_FORBIDDEN_TITLE = "You don't have access to this page";

/** What a signed-in customer sees at /admin: a 403 that says so, never a blank page. */
export function AdminForbidden() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <PageTitle title="No access" />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-red-300 ring-1 ring-red-500/30">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-6 font-mono text-sm text-zinc-400">Error 403</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">{ADMIN_FORBIDDEN_TITLE}</h1>
      <p className="mt-4 text-zinc-400">
        The store admin is open to the store&apos;s admins only. If you run this store, ask for your
        account to be made an admin (<code className="text-zinc-300">npm run admin</code>).
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to the store
      </Link>
    </div>
  );
}
