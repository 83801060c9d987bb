import { Link } from 'react-router';
import type { AdminProductSummary } from '#shared/admin-products-api';
import { formatPrice } from '#shared/money';
import { productStatusLabels, type ProductStatus } from '#shared/product-status';
import { AdminTableFrame } from '../admin-table-frame';

const statusClasses: Record<ProductStatus, string> = {
  active: 'bg-emerald-500/15 text-emerald-300',
  draft: 'bg-amber-500/15 text-amber-200',
  archived: 'bg-zinc-700/60 text-zinc-300',
};

const cell = 'px-3 py-3 align-middle';

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
  return (
    <AdminTableFrame label="Products">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={`${cell} w-10`}>
              <input
                type="checkbox"
                aria-label="Select all products on this page"
                checked={allSelected}
                onChange={(event) => onSelectAll(event.target.checked)}
                className="size-4 accent-brand-500"
              />
            </th>
            <th scope="col" className={cell}>
              Product
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Price
            </th>
            <th scope="col" className={cell}>
              Category
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Sales
            </th>
            <th scope="col" className={cell}>
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {products.map((product) => (
            <tr key={product.id} className={selected.has(product.id) ? 'bg-brand-600/10' : ''}>
              <td className={cell}>
                <input
                  type="checkbox"
                  aria-label={`Select ${product.name}`}
                  checked={selected.has(product.id)}
                  onChange={(event) => onSelect(product.id, event.target.checked)}
                  className="size-4 accent-brand-500"
                />
              </td>
              <td className={cell}>
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
              </td>
              <td className={cell}>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClasses[product.status]}`}
                >
                  {productStatusLabels[product.status]}
                </span>
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
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
              </td>
              <td className={`${cell} text-zinc-300`}>{product.category?.name ?? '—'}</td>
              <td className={`${cell} text-right text-zinc-300 tabular-nums`}>
                {product.salesCount}
              </td>
              <td className={`${cell} whitespace-nowrap text-zinc-400`}>
                {product.createdAt.slice(0, 10)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
