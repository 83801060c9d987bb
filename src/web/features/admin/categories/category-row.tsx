import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CategoryDetailsForm } from './category-details-form';
import { CategoryFeaturesForm } from './category-features-form';
import { CategorySlugForm } from './category-slug-form';
import { DeleteCategoryDialog } from './delete-category-dialog';

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
const moveClass =
  'grid size-9 place-items-center rounded-lg text-zinc-300 hover:bg-zinc-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40';

/** One category: what the store shows of it, and each change the admin can make. */
export function CategoryRow({
  category,
  first,
  last,
  moving,
  onMove,
}: {
  category: AdminCategory;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  const [editing, setEditing] = useState<'details' | 'slug' | 'features' | null>(null);
  const keepId = useId();
  const done = () => setEditing(null);

  return (
    <Card as="li" className="p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <div className="flex flex-col gap-1">
          <button
            type="button"
            className={moveClass}
            disabled={first || moving}
            aria-label={`Move ${category.name} up`}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={moveClass}
            disabled={last || moving}
            aria-label={`Move ${category.name} down`}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold break-words text-white">{category.name}</h3>
          <p className="mt-0.5 text-sm text-zinc-400">
            <Link
              to={`/products?category=${encodeURIComponent(category.slug)}`}
              className="break-all text-brand-300 underline-offset-4 hover:underline"
            >
              /products?category={category.slug}
            </Link>
            <span className="text-zinc-500"> · </span>
            <span className="whitespace-nowrap">{plural(category.productCount)}</span>
          </p>
          {category.description && (
            <p className="mt-2 text-sm text-zinc-300">{category.description}</p>
          )}

          {editing === 'details' ? (
            <CategoryDetailsForm category={category} onDone={done} />
          ) : editing === 'slug' ? (
            <CategorySlugForm category={category} onDone={done} />
          ) : editing === 'features' ? (
            <CategoryFeaturesForm category={category} onDone={done} />
          ) : (
            <div className="mt-3 flex flex-wrap items-center gap-1">
              <Button variant="ghost" size="sm" onClick={() => setEditing('details')}>
                Rename
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing('slug')}>
                Change slug
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing('features')}>
                Default points
                {category.defaultFeatures.length > 0 && ` (${category.defaultFeatures.length})`}
              </Button>
              {category.productCount === 0 ? (
                <DeleteCategoryDialog category={category} />
              ) : (
                <>
                  <Button variant="ghost" size="sm" disabled aria-describedby={keepId}>
                    Delete
                  </Button>
                  <p id={keepId} className="basis-full px-3 text-xs text-zinc-400 sm:basis-auto">
                    {`Can't be deleted while it holds ${plural(category.productCount)}.`}
                  </p>
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
