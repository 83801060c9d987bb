import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { healthQueryOptions } from './api';
import { DeveloperPage, DeveloperSection } from './developer-page';
import { HealthTable } from './health-table';
import { JsonView } from './json-view';
import { StatusBadge } from './status-badge';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/**
 * /supabase-test once checked a hosted Supabase backend. Loopmarket's backend is this server, so
 * the page shows its health report: database, migrations, mail, storage and payments.
 */
export function SupabaseTestPage() {
  const health = useQuery(healthQueryOptions());
  const report = health.data;

  return (
    <DeveloperPage
      title="Backend Health"
      lead={
        <p>
          What <code className="text-zinc-300">GET /api/health</code> reports about this server.
          Load balancers use the same address: it answers 503 only when the database is down.
        </p>
      }
      actions={
        <Button
          variant="secondary"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={`size-4 ${health.isFetching ? 'animate-spin' : ''}`}
          />
          {health.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      }
    >
      {health.isPending && <Skeleton className="h-80" />}
      {health.isError && (
        <ErrorAlert title="Failed to load the health report">{health.error.message}</ErrorAlert>
      )}
      {report && (
        <>
          <DeveloperSection
            title="Parts"
            actions={
              <p className="flex items-center gap-2 text-sm text-zinc-400">
                Overall <StatusBadge status={report.status} />
                <span>at {timeFormat.format(new Date(report.checkedAt))}</span>
              </p>
            }
          >
            <HealthTable report={report} />
          </DeveloperSection>
          <DeveloperSection title="Raw answer">
            <JsonView value={report} label="Health report as JSON" />
          </DeveloperSection>
        </>
      )}
    </DeveloperPage>
  );
}
