import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { PageTitle } from '#web/components/ui/page-title';

function describe(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: 'Page not found', message: 'The page you are looking for does not exist.' };
  }
  // A page chunk that fails to load usually means a new version was deployed.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message)
  ) {
    return {
      title: 'A new version is available',
      message: 'Reload the page to get the latest Loopmarket.',
    };
  }
  return {
    title: 'Something went wrong',
    message: 'An unexpected error stopped this page. Please try again.',
  };
}

/** The router's error element: a friendly message with a way home. */
export function RouteError() {
  const error = useRouteError();
  const { title, message } = describe(error);

  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-5 px-4 py-16 text-center"
    >
      <PageTitle title={title} />
      <span className="grid size-14 place-items-center rounded-full bg-red-950/60 text-red-400">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold text-white">{title}</h1>
      <p className="text-zinc-400">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          Go Home
        </Link>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClasses('secondary', 'md')}
        >
          Reload page
        </button>
      </div>
    </div>
  );
}
