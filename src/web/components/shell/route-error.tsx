import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { PageTitle } from '#web/components/ui/page-title';

function describe(error: unknown): { title: string; message: string } {
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

/** What a page that failed shows instead: a friendly message with a way home. */
export function RouteError({ error }: { error: unknown }) {
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
