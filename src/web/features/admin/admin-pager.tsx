import { Link } from 'react-router';

const pagerLink =
  'rounded-lg border border-zinc-700 px-3 py-1.5 text-sm text-zinc-100 hover:bg-zinc-800';

/** Previous and next links under a paged admin list, once it has more than one page. */
export function AdminPager({
  page,
  pageSize,
  total,
  pageHref,
}: {
  page: number;
  pageSize: number;
  total: number;
  pageHref: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
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
