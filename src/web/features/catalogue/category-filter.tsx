import type { Category } from '#shared/catalogue';
import { Skeleton } from '#web/components/ui/skeleton';

const pill = (active: boolean) =>
  `inline-flex shrink-0 items-center rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
    active
      ? 'border-brand-500 bg-brand-600 text-white shadow-md shadow-brand-900/40'
      : 'border-zinc-800 bg-zinc-900 text-zinc-300 hover:border-zinc-700 hover:text-white'
  }`;

interface CategoryFilterProps {
  categories: Category[] | undefined;
  selected: string | null;
  /** A category slug, or null for All Products. */
  onSelect: (slug: string | null) => void;
}

function FilterButton({
  active,
  onClick,
  label,
}: {
  active: boolean;
  onClick: () => void;
  label: string;
}) {
  return (
    <button type="button" aria-pressed={active} onClick={onClick} className={pill(active)}>
      {label}
    </button>
  );
}

/** The filter buttons, 'All Products' plus one per category. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  return (
    <div role="group" aria-label="Filter by category">
      <ul className="flex flex-wrap gap-2">
        <li>
          <FilterButton
            active={selected === null}
            onClick={() => onSelect(null)}
            label="All Products"
          />
        </li>
        {categories
          ? categories.map((category) => (
              <li key={category.id}>
                <FilterButton
                  active={selected === category.slug}
                  onClick={() => onSelect(category.slug)}
                  label={category.name}
                />
              </li>
            ))
          : [0, 1, 2, 3].map((index) => (
              <li key={index}>
                <Skeleton className="h-9 w-28 rounded-full" />
              </li>
            ))}
      </ul>
    </div>
  );
}
