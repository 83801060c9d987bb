import { Link } from 'react-router';
import type { AdminProductSummary } from '#shared/admin-products-api';
import { formatPrice } from '#shared/money';
import { productStatusLabels, type ProductStatus } from '#shared/product-status';
import { AdminTable, type AdminColumn } from '../admin-table';

const statusClasses: Record<ProductStatus, string> = {
  active: 'bg-emerald-500/15 text-emerald-300',
  draft: 'bg-amber-500/15 text-amber-200',
  archived: 'bg-zinc-700/60 text-zinc-300',
};

/** The columns after the selection box: what a product is, costs and has sold. */
const productColumns: AdminColumn<AdminProductSummary>[] = [
  {
    header: 'Product',
    cell: (product) => (
      <div className="flex items-center gap-3">
        {product.imageUrl ? (
          <img
            src={product.imageUrl}
            alt=""
            width={40}
            height={40}
            className="size-10 shrink-0 rounded-md object-cover"
          />
        ) : (
          <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-zinc-800" />
        )}
        <Link
          to={`/admin/products/${product.id}`}
          className="font-medium text-white underline-offset-4 hover:underline"
        >
          {product.name}
        </Link>
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (product) => (
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClasses[product.status]}`}
      >
        {productStatusLabels[product.status]}
      </span>
    ),
  },
  {
    header: 'Price',
    align: 'right',
    cellClassName: 'whitespace-nowrap tabular-nums',
    cell: (product) => (
      <>
        <span className="text-zinc-100">{formatPrice(product.priceCents)}</span>
        {product.originalPriceCents !== null && (
          <>
            {' '}
            <s className="text-zinc-400">
              <span className="sr-only">was </span>
              {formatPrice(product.originalPriceCents)}
            </s>
          </>
        )}
      </>
    ),
  },
  {
    header: 'Category',
    cellClassName: 'text-zinc-300',
    cell: (product) => product.category?.name ?? '—',
  },
  {
    header: 'Sales',
    align: 'right',
    cellClassName: 'text-zinc-300 tabular-nums',
    cell: (product) => product.salesCount,
  },
  {
    header: 'Created',
    cellClassName: 'whitespace-nowrap text-zinc-400',
    cell: (product) => product.createdAt.slice(0, 10),
  },
];

/**
 * A page of products: each row's box selects it for a bulk action, its name opens the editor.
 * The table scrolls sideways inside its own focusable region on a narrow screen.
 */
export function ProductTable({
  products,
  selected,
  onSelect,
  onSelectAll,
}: {
  products: AdminProductSummary[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
}) {
  const allSelected = products.length > 0 && products.every((p) => selected.has(p.id));
  const selectColumn: AdminColumn<AdminProductSummary> = {
    header: (
      <input
        type="checkbox"
        aria-label="Select all products on this page"
        checked={allSelected}
        onChange={(event) => onSelectAll(event.target.checked)}
        className="size-4 accent-brand-500"
      />
    ),
    headerClassName: 'w-10',
    cell: (product) => (
      <input
        type="checkbox"
        aria-label={`Select ${product.name}`}
        checked={selected.has(product.id)}
        onChange={(event) => onSelect(product.id, event.target.checked)}
        className="size-4 accent-brand-500"
      />
    ),
  };
  return (
    <AdminTable
      label="Products"
      widthClassName="min-w-[44rem]"
      columns={[selectColumn, ...productColumns]}
      rows={products}
      rowKey={(product) => product.id}
      rowClassName={(product) => (selected.has(product.id) ? 'bg-brand-600/10' : undefined)}
    />
  );
}
