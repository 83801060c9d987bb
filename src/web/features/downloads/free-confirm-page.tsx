import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { freeProductMessages } from '#shared/free-product-messages';
import { confirmFreeOrder } from '#web/api/free-products';
import { ApiError } from '#web/api/http';
import { ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';

/**
 * Where a guest's mailed link for a free product lands (/free/confirm?token=…): following it
 * proves the address, completes the $0 order, and leads on to the guest's downloads.
 */
export function FreeConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const confirmed = useQuery({
    queryKey: ['free-order-confirm', token],
    queryFn: () => confirmFreeOrder(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (confirmed.data)
      void navigate(`/downloads/guest?token=${encodeURIComponent(confirmed.data.token)}`, {
        replace: true,
      });
  }, [confirmed.data, navigate]);

  const refused =
    token === '' ||
    (confirmed.error instanceof ApiError &&
      confirmed.error.status >= 400 &&
      confirmed.error.status < 500 &&
      confirmed.error.status !== 429);
  return (
    <Container className="max-w-2xl py-10 sm:py-14">
      <PageTitle title="Your free download" />
      <h1 className="text-3xl font-semibold text-white">Your free download</h1>
      {confirmed.isError || token === '' ? (
        <div className="mt-8 space-y-4">
          <ErrorAlert title="This link did not work">
            {refused ? freeProductMessages.invalidLink : confirmed.error?.message}
          </ErrorAlert>
          <Link to="/products" className={buttonClasses('primary', 'lg')}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <p role="status" className="mt-8 flex items-center gap-2 text-zinc-300">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {freeProductMessages.confirming}
        </p>
      )}
    </Container>
  );
}
