import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ui/alert';

/** Step one's failures, in a 'Checkout Error' box. */
export function CheckoutErrorBox({ message }: { message: string }) {
  return (
    <ErrorAlert title="Checkout Error">
      <p>{message}</p>
    </ErrorAlert>
  );
}

/** A failed payment, in a 'Payment Error' box with advice to contact support. */
/** `messageId` lets a field the message is about name it as its description. */
export function PaymentErrorBox({ message, messageId }: { message: string; messageId?: string }) {
  return (
    <ErrorAlert title="Payment Error">
      <p id={messageId}>{message}</p>
      <p className="mt-1">
        If the problem continues, please{' '}
        <Link to="/support" className="underline underline-offset-2 hover:text-red-200">
          contact support
        </Link>
        .
      </p>
    </ErrorAlert>
  );
}
