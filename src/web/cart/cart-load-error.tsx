import { ErrorAlert } from '#web/components/ui/alert';
import type { CartState } from './use-cart';
import { RetryButton } from '#web/components/ui/retry-button';

/** The stored cart could not be loaded: what failed, and a way to try again. */
export function CartLoadError({ cart }: { cart: Pick<CartState, 'error' | 'retry'> }) {
  return (
    <ErrorAlert title="Failed to load cart">
      <p>{cart.error?.message}</p>
      <RetryButton onRetry={cart.retry} />
    </ErrorAlert>
  );
}
