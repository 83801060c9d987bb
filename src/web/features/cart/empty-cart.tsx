import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { ProductSuggestions } from './product-suggestions';

/** The empty cart: 'Your Cart is Empty', Continue Shopping, and three products to start with. */
export function EmptyCart() {
  return (
    <div className="space-y-20">
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-800 bg-zinc-900/40 px-6 py-16 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-zinc-900 text-zinc-500">
          <ShoppingBag aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-white">Your Cart is Empty</h1>
        <p className="max-w-md text-zinc-400">
          Sample packs, MIDI, plugins and apps are waiting. Add something you like and it will show
          up here.
        </p>
        <Link to="/products" className={buttonClasses('primary', 'lg', 'mt-2')}>
          Continue Shopping
        </Link>
      </div>
      <ProductSuggestions title="You Might Also Like" exclude={[]} />
    </div>
  );
}
