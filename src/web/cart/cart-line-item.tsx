import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { licenseName, lineTotalCents, type CartLine } from '#shared/cart';
import { creditDetail, creditNote } from '#shared/bundle-credit';
import { formatPrice } from '#shared/money';
import { pwywMessages, type PayWhatYouWant } from '#shared/pay-what-you-want';
import { PayAmountField, usePayAmount } from '#web/components/product/pay-amount';
import { CartQuantityControl } from './cart-quantity-control';
import type { ChosenAmount } from './product-line';

interface CartLineItemProps {
  line: CartLine;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  /** A pay-what-you-want line's new amount, checked and confirmed here. */
  onAmountChange?: (amount: ChosenAmount) => void;
  /** 'compact' in the drawer, 'full' on the cart page. */
  size?: 'compact' | 'full';
}

/** One cart line: image, name, category, price, quantity, line total and remove. */
export function CartLineItem({
  line,
  onQuantityChange,
  onRemove,
  onAmountChange,
  size = 'compact',
}: CartLineItemProps) {
  const full = size === 'full';
  const original = line.originalPriceCents;
  const wasPrice = original !== null && original > line.priceCents ? original : null;
  return (
    <li className={`flex gap-4 ${full ? 'py-6' : 'py-4'}`}>
      <Link
        to={`/products/${line.productId}`}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0 self-start overflow-hidden rounded-lg bg-zinc-800"
      >
        <img
          src={line.image}
          alt=""
          width={full ? 112 : 72}
          height={full ? 112 : 72}
          loading="lazy"
          decoding="async"
          className={`object-cover ${full ? 'size-24 sm:size-28' : 'size-18'}`}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className={`font-semibold text-white ${full ? 'text-lg' : 'text-sm'}`}>
              <Link to={`/products/${line.productId}`} className="rounded hover:text-brand-300">
                {line.name}
              </Link>
            </h3>
            <p className="text-xs text-zinc-400">
              {line.category}
              {` · ${licenseName(line.licenseType)}`}
            </p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${line.name} from cart`}
            className="grid size-8 shrink-0 place-items-center rounded-lg text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-red-400"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p className="flex items-baseline gap-2 text-sm">
          <span className="font-medium text-zinc-200">{formatPrice(line.priceCents)}</span>
          {wasPrice !== null && (
            <del className="text-xs text-zinc-400">
              <span className="sr-only">Original price </span>
              {formatPrice(wasPrice)}
            </del>
          )}
          {full && <span className="text-xs text-zinc-400">each</span>}
        </p>
        {line.payWhatYouWant && onAmountChange && (
          <LineAmountForm
            // A new amount from elsewhere (another tab, the server) starts the field afresh.
            key={line.priceCents}
            terms={line.payWhatYouWant}
            line={line}
            compact={!full}
            onChange={onAmountChange}
          />
        )}
        {line.credit && (
          <p className="text-xs text-emerald-400">
            {creditNote(line.credit, line.priceCents)}
            <span className="block text-zinc-400">{creditDetail(line.credit)}</span>
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <CartQuantityControl line={line} onChange={onQuantityChange} />
          <p className={`font-semibold text-white tabular-nums ${full ? 'text-lg' : 'text-sm'}`}>
            <span className="sr-only">Line total </span>
            {formatPrice(lineTotalCents(line))}
          </p>
        </div>
      </div>
    </li>
  );
}

/** A pay-what-you-want line's amount: typed, checked and confirmed, then saved with Update. */
function LineAmountForm({
  terms,
  line,
  compact,
  onChange,
}: {
  terms: PayWhatYouWant;
  line: CartLine;
  compact: boolean;
  onChange: (amount: ChosenAmount) => void;
}) {
  const amount = usePayAmount(terms, line.name, line.priceCents);
  return (
    <form
      className="space-y-2"
      aria-label={`${pwywMessages.label}: ${line.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void amount.choose().then((chosen) => {
          if (chosen && chosen.amountCents !== line.priceCents) onChange(chosen);
        });
      }}
    >
      <PayAmountField state={amount} compact={compact} />
      <button
        type="submit"
        className="rounded-lg border border-zinc-700 px-3 py-2 text-xs font-medium text-zinc-200 hover:bg-zinc-800"
      >
        Update price
      </button>
    </form>
  );
}
