import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { checkoutMessages, startHostedCheckout } from '#web/api/checkout';
import { ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { hostedCheckoutTarget } from './redirects';

/**
 * /checkout/resume?session_id=…: "Finish paying" from the order history. The order's open session
 * moves to the provider's hosted page (the same order, never a second one: POST …/hosted) and the
 * buyer is sent there: Stripe's page, or the test processor's /checkout/hosted.
 */
export function ResumePaymentPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const navigate = useNavigate();
  const resume = useMutation({
    mutationFn: startHostedCheckout,
    onSuccess: (session) => {
      const target = hostedCheckoutTarget(session);
      if (target.external) window.location.assign(target.url);
      else void navigate(target.url, { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || sessionId === '') return;
    started.current = true;
    resume.mutate(sessionId);
  }, [resume, sessionId]);

  const error = sessionId === '' ? checkoutMessages.invalidSession : resume.error?.message;
  return (
    <Container className="max-w-xl py-10 sm:py-14">
      <PageTitle title="Finish paying" />
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-white">Finish paying</h1>
      {error ? (
        <div className="space-y-4">
          <ErrorAlert title={error} />
          <div className="flex flex-wrap gap-3">
            <Link to="/order-history" className={buttonClasses('secondary', 'md')}>
              Back to Order History
            </Link>
            <Link to="/checkout" className={buttonClasses('primary', 'md')}>
              Return to Checkout
            </Link>
          </div>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-zinc-300">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Opening your secure payment page...
        </p>
      )}
    </Container>
  );
}
