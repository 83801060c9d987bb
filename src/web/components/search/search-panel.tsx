import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { Loader2, Search, SearchX, X } from 'lucide-react';
import type { SearchResult } from '#shared/catalogue';
import { SEARCH_DEBOUNCE_MS } from '#shared/catalogue-limits';
import { searchResultsUrl, searchTerm } from '#shared/product-search';
import { searchesAsFilters, understoodResultsUrl } from '#shared/understood-search-url';
import { searchQueryOptions } from '#web/api/catalogue';
import { SearchResults } from './search-results';
import { UnderstoodChips } from './understood-chips';
import { useDebouncedValue } from './use-debounced-value';

function StateMessage({ icon, title, hint }: { icon?: ReactNode; title: string; hint?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      {icon}
      <p className="text-zinc-300">{title}</p>
      {hint && <p className="text-sm text-zinc-400">{hint}</p>}
    </div>
  );
}

/**
 * Input, states and results of the search overlay; keyboard-driven through aria-activedescendant.
 * After the results, a last option leads to the page of all of them (/products?q=); Enter with
 * no option highlighted goes there too.
 */
export function SearchPanel({ onNavigate }: { onNavigate: () => void }) {
  const [input, setInput] = useState('');
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();

  // A search needs at least 2 characters after trimming; null below that.
  const term = searchTerm(input);
  const searched = useDebouncedValue(term ?? '', SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...searchQueryOptions(searched),
    enabled: searched !== '',
  });

  const tooShort = term === null;
  const searching = !tooShort && (searched !== term || query.isPending);
  const results = tooShort || searching ? [] : (query.data?.data ?? []);
  const understood = tooShort || searching ? undefined : query.data?.understood;
  // The results, then 'See all results' (index results.length) when there are any.
  const optionCount = results.length > 0 ? results.length + 1 : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const go = (url: string) => {
    void navigate(url);
    onNavigate();
  };
  const open = (result: SearchResult) => go(result.url);
  // With musical words understood, the results page gets them as its filters (ticked, as chips).
  const seeAll = () => {
    if (term === null) return;
    go(
      understood && searchesAsFilters(understood)
        ? understoodResultsUrl(understood)
        : searchResultsUrl(term),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      if (term === null) return;
      event.preventDefault();
      const result = results[active];
      if (result) open(result);
      else seeAll();
      return;
    }
    if (optionCount === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % optionCount);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? optionCount - 1 : i - 1));
    }
  };

  return (
    <>
      <div className="flex items-center gap-3 border-b border-zinc-800 px-4 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:-outline-offset-2 has-[input:focus-visible]:outline-brand-400">
        <Search aria-hidden="true" className="size-5 shrink-0 text-zinc-500" />
        <input
          ref={inputRef}
          type="search"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search products, categories..."
          aria-label="Search products, categories"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={optionCount > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && active < optionCount ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-white placeholder:text-zinc-500 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {input && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setInput('');
              setActive(-1);
              inputRef.current?.focus();
            }}
            className="grid size-8 place-items-center rounded-md text-zinc-400 hover:bg-zinc-800 hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {understood && <UnderstoodChips understood={understood} />}
        {tooShort && <StateMessage title="Start typing to search for products..." />}
        {searching && (
          <StateMessage
            icon={<Loader2 aria-hidden="true" className="size-5 animate-spin text-brand-400" />}
            title="Searching..."
          />
        )}
        {!tooShort && !searching && results.length === 0 && (
          <StateMessage
            icon={<SearchX aria-hidden="true" className="size-6 text-zinc-500" />}
            title="No results found"
            hint="Try different keywords or browse our categories"
          />
        )}
        <SearchResults
          id={listId}
          results={results}
          active={active}
          optionId={optionId}
          onHighlight={setActive}
          onSelect={open}
          seeAll={results.length > 0 && term !== null ? { term, onSelect: seeAll } : undefined}
        />
      </div>

      {/* A keyboard's hint: a touch screen (coarse pointer) has no arrows to press. */}
      <Dialog.Description className="border-t border-zinc-800 px-4 py-2.5 text-xs text-zinc-400 pointer-coarse:hidden">
        Use ↑↓ to navigate, Enter to select, Esc to close
      </Dialog.Description>
    </>
  );
}
