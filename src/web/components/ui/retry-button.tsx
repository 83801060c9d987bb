import { Button } from './button';

/** 'Retry' under a load error: asks again for what failed. */
export function RetryButton({
  onRetry,
  className = 'mt-3',
}: {
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Button variant="secondary" size="sm" className={className} onClick={onRetry}>
      Retry
    </Button>
  );
}
