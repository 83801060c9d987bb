import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';

/**
 * An admin list's search box: typed freely, searched on submit (Enter or Search), which hands
 * the trimmed text (or undefined when empty) to `onSearch` for the list's URL.
 */
export function AdminSearchForm({
  id,
  label,
  placeholder,
  initial,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (q: string | undefined) => void;
}) {
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder={placeholder}
        className={inputClasses}
      />
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}
