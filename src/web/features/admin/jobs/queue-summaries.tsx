import {
  formatWait,
  jobQueueLabels,
  type JobQueueName,
  type JobQueueSummary,
} from '#shared/admin-jobs';

/**
 * Each queue at a glance: what waits, runs and failed, and how long the oldest has waited. A
 * queue is chosen by its button; the chosen one is marked pressed.
 */
export function QueueSummaries({
  summaries,
  chosen,
  onChoose,
}: {
  summaries: JobQueueSummary[];
  chosen: JobQueueName;
  onChoose: (queue: JobQueueName) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {summaries.map((summary) => (
        <li key={summary.queue}>
          <button
            type="button"
            aria-pressed={summary.queue === chosen}
            onClick={() => onChoose(summary.queue)}
            className="w-full rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 text-left transition-colors hover:border-zinc-600 aria-pressed:border-violet-400"
          >
            <span className="block font-semibold text-white">{jobQueueLabels[summary.queue]}</span>
            <span className="mt-1 block text-sm text-zinc-300">
              {summary.queued} waiting · {summary.running} running ·{' '}
              <span className={summary.failed > 0 ? 'font-semibold text-red-300' : undefined}>
                {summary.failed} failed
              </span>
            </span>
            <span className="mt-1 block text-xs text-zinc-400">
              {summary.oldestQueuedSeconds === null
                ? 'Nothing waiting'
                : `Oldest waiting: ${formatWait(summary.oldestQueuedSeconds)}`}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
