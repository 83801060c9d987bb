import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminBulkRequest } from '#shared/admin-products-api';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import { useAdminWrite } from '../api/admin-write';
import { adminCategoriesQueryOptions } from '../api/categories';
import { adminProductsApi, productWriteRefreshes } from '../api/products';
import { writeError } from '../forms/form-errors';

const NO_CATEGORY = 'none';
const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** What a bulk action did, in words: those already so are not counted by the server. */
function resultText(request: AdminBulkRequest, updated: number, categoryName: string) {
  const of = `${updated} of ${plural(request.ids.length)}`;
  if (request.action === 'activate') return `Activated ${of}.`;
  if (request.action === 'archive') return `Archived ${of}.`;
  return `Moved ${of} to ${categoryName}.`;
}

/** Activate, archive or move the selected products; the result is said once done. */
export function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const categories = useQuery(adminCategoriesQueryOptions());
  const [categoryId, setCategoryId] = useState('');
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);
  const bulk = useAdminWrite(adminProductsApi.bulk, productWriteRefreshes);

  const run = (request: AdminBulkRequest) => {
    const name =
      request.action === 'change-category'
        ? (categories.data?.find((c) => c.id === request.categoryId)?.name ?? 'no category')
        : '';
    setResult(null);
    bulk.mutate(request, {
      onSuccess: ({ updated }) => {
        setResult({ text: resultText(request, updated, name), failed: false });
        onDone();
      },
      onError: (error) =>
        setResult({
          text: writeError(error).message ?? 'The change was not saved.',
          failed: true,
        }),
    });
  };

  return (
    <div className="space-y-2">
      {ids.length > 0 && (
        <div className="flex flex-wrap items-end gap-2 rounded-xl border border-brand-500/40 bg-brand-600/10 p-3">
          <p className="mr-2 self-center text-sm font-medium text-zinc-100">
            {plural(ids.length)} selected
          </p>
          <Button
            size="sm"
            disabled={bulk.isPending}
            onClick={() => run({ action: 'activate', ids })}
          >
            Activate
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={bulk.isPending}
            onClick={() => run({ action: 'archive', ids })}
          >
            Archive
          </Button>
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm text-zinc-200">
              <span className="sr-only">New category</span>
              <select
                value={categoryId}
                onChange={(event) => setCategoryId(event.target.value)}
                className={`${inputClasses} py-1.5`}
              >
                <option value="">Move to category...</option>
                {(categories.data ?? []).map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
                <option value={NO_CATEGORY}>No category</option>
              </select>
            </label>
            <Button
              size="sm"
              variant="secondary"
              disabled={bulk.isPending || categoryId === ''}
              onClick={() =>
                run({
                  action: 'change-category',
                  ids,
                  categoryId: categoryId === NO_CATEGORY ? null : categoryId,
                })
              }
            >
              Change category
            </Button>
          </div>
        </div>
      )}
      <p
        role="status"
        className={`text-sm ${result?.failed ? 'text-red-300' : 'text-emerald-300'}`}
      >
        {bulk.isPending ? 'Saving...' : result?.text}
      </p>
    </div>
  );
}
