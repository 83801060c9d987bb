import { useEffect, useRef } from 'react';
import { ArrowRight, Search } from 'lucide-react';
import type { SearchResult } from '#shared/catalogue';
import { formatPrice } from '#shared/money';

interface SearchResultsProps {
  id: string;
  results: SearchResult[];
  active: number;
  optionId: (index: number) => string;
  onHighlight: (index: number) => void;
  onSelect: (result: SearchResult) => void;
  /** The last option, after the results: the page of all results for `term`. */
  seeAll?: { term: string; onSelect: () => void };
}

const optionClass = (active: boolean) =>
  `flex cursor-pointer items-center gap-3 rounded-xl p-2.5 transition-colors ${
    active ? 'bg-zinc-800 ring-1 ring-brand-500/50' : 'hover:bg-zinc-800/60'
  }`;

/** The result listbox; focus stays in the input, which points at the highlighted option. */
export function SearchResults({
  id,
  results,
  active,
  optionId,
  onHighlight,
  onSelect,
  seeAll,
}: SearchResultsProps) {
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      aria-label="Search results"
      className="space-y-1 p-2 empty:hidden"
    >
      {results.map((result, index) => (
        <li
          key={result.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          onClick={() => onSelect(result)}
          onMouseMove={() => index !== active && onHighlight(index)}
          className={optionClass(index === active)}
        >
          <img
            src={result.image}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-lg bg-zinc-800 object-cover"
          />
          <div className="min-w-0 flex-1">
            <h3 className="line-clamp-2 leading-snug font-medium text-white sm:line-clamp-1">
              {result.title}
            </h3>
            <p className="text-xs font-medium text-brand-300">{result.category}</p>
            <p className="line-clamp-1 text-sm text-zinc-400">{result.description}</p>
          </div>
          <p className="shrink-0 text-sm font-semibold text-white">
            {formatPrice(result.priceCents)}
          </p>
        </li>
      ))}
      {seeAll && (
        <li
          id={optionId(results.length)}
          role="option"
          aria-selected={active === results.length}
          onClick={seeAll.onSelect}
          onMouseMove={() => active !== results.length && onHighlight(results.length)}
          className={`${optionClass(active === results.length)} text-sm font-medium text-brand-300`}
        >
          <span className="grid h-9 w-14 shrink-0 place-items-center rounded-lg bg-zinc-800/60">
            <Search aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1 truncate">See all results for “{seeAll.term}”</span>
          <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
        </li>
      )}
    </ul>
  );
}
