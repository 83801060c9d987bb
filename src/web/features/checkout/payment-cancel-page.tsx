import { Link } from 'react-router';
import { CircleX } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';

/** Payment cancelled: nothing charged, the cart kept, and three ways on. */
export function PaymentCancelPage() {
  return (
    <Container className="py-16 sm:py-24">
      <PageTitle title="Payment Cancelled" />
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-amber-500/15 text-amber-400">
          <CircleX aria-hidden="true" className="size-9" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-white">Payment Cancelled</h1>
        <p className="text-zinc-300">
          Your payment was cancelled and you have not been charged. Your cart has been saved, so you
          can pick up where you left off.
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Link to="/checkout" className={buttonClasses('primary', 'lg')}>
            Return to Checkout
          </Link>
          <Link to="/cart" className={buttonClasses('secondary', 'lg')}>
            View Cart
          </Link>
          <Link to="/" className={buttonClasses('secondary', 'lg')}>
            Continue Shopping
          </Link>
        </div>
      </div>
    </Container>
  );
}
