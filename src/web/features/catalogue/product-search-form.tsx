import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from '#shared/catalogue-limits';
import { SEARCH_RESULTS_PATH, searchResultsUrl } from '#shared/product-search';
import { buttonClasses } from '#web/components/ui/button';

/**
 * The products page's search field: a GET form to /products?q=, so it works before (or without)
 * the page's scripts; with them, it moves within the app instead of loading a new page.
 */
export function ProductSearchForm({ value, tooShort }: { value: string; tooShort: boolean }) {
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    const words = typeof text === 'string' ? text.trim() : '';
    void navigate(words ? searchResultsUrl(words) : SEARCH_RESULTS_PATH);
  };

  return (
    <form
      role="search"
      action={SEARCH_RESULTS_PATH}
      method="get"
      onSubmit={onSubmit}
      className="w-full max-w-md space-y-2"
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
          />
          <input
            // A new address (Back, the overlay's See all results) shows its own words.
            key={value}
            id={inputId}
            name="q"
            type="search"
            defaultValue={value}
            placeholder="Search products..."
            minLength={SEARCH_MIN_CHARS}
            maxLength={SEARCH_MAX_CHARS}
            autoComplete="off"
            aria-describedby={tooShort ? hintId : undefined}
            aria-invalid={tooShort || undefined}
            className="h-11 w-full rounded-lg border border-zinc-800 bg-zinc-900 pr-3 pl-9 text-base text-white placeholder:text-zinc-500 hover:border-zinc-700 focus:border-brand-500 sm:text-sm"
          />
        </div>
        <button type="submit" className={buttonClasses('primary', 'md', 'h-11 shrink-0')}>
          Search
        </button>
      </div>
      {tooShort && (
        <p id={hintId} className="text-sm text-amber-300">
          Search needs at least {SEARCH_MIN_CHARS} characters
        </p>
      )}
    </form>
  );
}
