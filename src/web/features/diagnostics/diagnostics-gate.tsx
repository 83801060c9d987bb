import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Container } from '#web/components/ui/container';
import { Skeleton } from '#web/components/ui/skeleton';
import { healthQueryOptions } from './api';

/**
 * The developer pages exist outside production only. The same build is served either
 * way, so the server decides: its health report says whether diagnostics are on. Until it has
 * answered nothing is shown; when it says no, or cannot be asked, `Fallback` (the coming-soon
 * page) stands in.
 */
export function withDiagnosticsGate(Page: ComponentType, Fallback: ComponentType): ComponentType {
  return function DiagnosticsGate() {
    const health = useQuery(healthQueryOptions());
    if (health.isPending) {
      return (
        <Container className="py-10" role="status" aria-label="Loading">
          <Skeleton className="h-72" />
        </Container>
      );
    }
    return health.data?.diagnostics ? <Page /> : <Fallback />;
  };
}
