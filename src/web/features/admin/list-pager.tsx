import { Link } from 'react-router';

const pagerLink =
  'rounded-lg border border-zinc-700 px-3 py-1.5 text-sm text-zinc-100 hover:bg-zinc-800';

/** An admin list's page links, shown when it has more than one page. */
export function ListPager({
  page,
  pages,
  pageHref,
}: {
  page: number;
  pages: number;
  pageHref: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-400">
        Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={pageHref(page - 1)} className={pagerLink}>
            Previous page
          </Link>
        )}
        {page < pages && (
          <Link to={pageHref(page + 1)} className={pagerLink}>
            Next page
          </Link>
        )}
      </div>
    </nav>
  );
}
