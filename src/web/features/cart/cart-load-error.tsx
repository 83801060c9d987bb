import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import type { CartState } from './use-cart';

/** The stored cart could not be loaded: what failed, and a way to try again. */
export function CartLoadError({ cart }: { cart: Pick<CartState, 'error' | 'retry'> }) {
  return (
    <ErrorAlert title="Failed to load cart">
      <p>{cart.error?.message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={cart.retry}>
        Retry
      </Button>
    </ErrorAlert>
  );
}
