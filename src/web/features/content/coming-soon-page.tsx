import { PageTitle } from '#web/components/ui/page-title';
import { PageMeta } from '#web/components/seo/page-meta';
import { Link, useLocation } from 'react-router';
import { ArrowLeft, Rocket } from 'lucide-react';
import { NewsletterForm } from '#web/components/newsletter/newsletter-form';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useHttpStatus } from '#web/components/shell/http-status';

/** The fallback for every unknown route (a 404 from the server): a landing page with its own signup. */
export function ComingSoonPage() {
  useHttpStatus(404);
  const { pathname } = useLocation();

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <PageTitle title="Coming Soon" />
      <PageMeta
        title="Coming Soon"
        description="This page is on its way. Leave your email and we will tell you the moment it goes live."
        noIndex
      />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-600/15 text-brand-300 ring-1 ring-brand-500/30">
        <Rocket aria-hidden className="size-7" />
      </span>
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-white sm:text-5xl">Coming Soon</h1>
      <p className="mt-4 text-lg text-zinc-400">
        This page is on its way. We are building it right now — leave your email and we will tell
        you the moment it goes live.
      </p>
      <p className="mt-3 max-w-full truncate font-mono text-xs text-zinc-400">
        <span className="sr-only">You asked for </span>
        {pathname}
      </p>

      <Card
        as="section"
        aria-labelledby="coming-soon-signup"
        className="mt-10 w-full p-6 text-left sm:p-8"
      >
        <h2 id="coming-soon-signup" className="text-lg font-semibold text-white">
          Get notified
        </h2>
        <p className="mt-1 mb-5 text-sm text-zinc-400">
          One email when it launches. No spam, unsubscribe any time.
        </p>
        <NewsletterForm
          subscriptionType="coming_soon"
          source="coming_soon_page"
          submitLabel="Notify me"
        />
      </Card>

      <nav
        aria-label="Elsewhere in the store"
        className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row"
      >
        <Link to="/" className={buttonClasses('secondary', 'md')}>
          <ArrowLeft aria-hidden className="size-4" />
          Back to home
        </Link>
        <Link to="/products" className={buttonClasses('primary', 'md')}>
          Browse products
        </Link>
      </nav>
    </div>
  );
}
