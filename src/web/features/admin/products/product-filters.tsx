import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { adminProductSorts } from '#shared/admin-product-list';
import { productStatusLabels, productStatuses } from '#shared/product-status';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import { adminCategoriesQueryOptions } from '../api/categories';
import type { ProductListParams } from '../api/products';
import type { ListChanges } from '../use-list-params';

/** What the products list's address may hold: GET /api/admin/products's query names. */
export const PRODUCT_LIST_KEYS = [
  'q',
  'category',
  'status',
  'onSale',
  'sort',
  'order',
  'page',
] as const;
type ProductListKey = (typeof PRODUCT_LIST_KEYS)[number];

const sortLabels: Record<(typeof adminProductSorts)[number], string> = {
  name: 'Name',
  price: 'Price',
  created: 'Created',
  sales: 'Sales',
};

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [value: string, label: string][];
}) {
  return (
    <label className="block text-sm font-medium text-zinc-200">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} mt-1.5`}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The list's search (the store's own, on the server), filters and order. */
export function ProductFilters({
  params,
  onChange,
}: {
  params: ProductListParams;
  onChange: (changes: ListChanges<ProductListKey>) => void;
}) {
  const categories = useQuery(adminCategoriesQueryOptions());
  const [q, setQ] = useState(params.q ?? '');

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: q.trim() || undefined });
  };

  return (
    <div className="space-y-4">
      <form role="search" onSubmit={onSearch} className="flex gap-2">
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Search by name, description, tags..."
          className={inputClasses}
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </form>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Select
          label="Category"
          value={params.category ?? ''}
          onChange={(category) => onChange({ category })}
          options={[
            ['', 'All categories'],
            ...(categories.data ?? []).map((c): [string, string] => [c.id, c.name]),
          ]}
        />
        <Select
          label="Status"
          value={params.status ?? ''}
          onChange={(status) => onChange({ status })}
          options={[
            ['', 'All statuses'],
            ...productStatuses.map((status): [string, string] => [
              status,
              productStatusLabels[status],
            ]),
          ]}
        />
        <Select
          label="Sale"
          value={params.onSale ?? ''}
          onChange={(onSale) => onChange({ onSale })}
          options={[
            ['', 'On sale or not'],
            ['true', 'On sale'],
            ['false', 'Not on sale'],
          ]}
        />
        <Select
          label="Sort by"
          value={params.sort ?? 'created'}
          onChange={(sort) => onChange({ sort: sort === 'created' ? undefined : sort })}
          options={adminProductSorts.map((sort) => [sort, sortLabels[sort]])}
        />
        <Select
          label="Order"
          value={params.order ?? 'desc'}
          onChange={(order) => onChange({ order: order === 'desc' ? undefined : order })}
          options={[
            ['desc', 'Descending'],
            ['asc', 'Ascending'],
          ]}
        />
      </div>
    </div>
  );
}
