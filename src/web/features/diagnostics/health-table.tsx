import type { ReactNode } from 'react';
import type { HealthReport } from './api';
import { StatusBadge, type DiagnosticStatus } from './status-badge';

interface Row {
  part: string;
  status: DiagnosticStatus;
  detail: string;
  facts: ReactNode[];
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** One row per part of the backend, in the order a request meets them. */
function rowsOf(report: HealthReport): Row[] {
  const { database, migrations, mail, storage, payments } = report;
  return [
    {
      part: 'Database',
      status: database.status,
      detail: database.detail,
      facts: [
        `driver ${database.driver}`,
        `latency ${database.latencyMs === null ? '—' : `${database.latencyMs} ms`}`,
      ],
    },
    {
      part: 'Migrations',
      status: migrations.status,
      detail: migrations.detail,
      facts: [
        `applied ${migrations.applied} of ${migrations.expected}`,
        `latest ${migrations.latestTag ?? 'none'}`,
      ],
    },
    {
      part: 'Mail',
      status: mail.status,
      detail: mail.detail,
      facts: [
        `kind ${mail.kind}`,
        `verified ${mail.verified === null ? 'not checked' : yesNo(mail.verified)}`,
        mail.queue ? `queued ${mail.queue.queued}, failed ${mail.queue.failed}` : 'queue unknown',
      ],
    },
    ...storage.folders.map((folder) => ({
      part: `Storage · ${folder.name}`,
      status: folder.status,
      detail: folder.detail,
      facts: [
        `${storage.backend} disk`,
        ...(folder.path ? [<code key="path">{folder.path}</code>] : []),
        `exists ${yesNo(folder.exists)}`,
        `readable ${yesNo(folder.readable)}`,
        `writable ${yesNo(folder.writable)}`,
      ],
    })),
    {
      part: 'Payments',
      status: payments.status,
      detail: payments.detail,
      facts: [`provider ${payments.provider}`, `test mode ${yesNo(payments.testMode)}`],
    },
  ];
}

export function HealthTable({ report }: { report: HealthReport }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Backend health by part</caption>
        <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium sm:px-4">
              Part
            </th>
            <th scope="col" className="px-3 py-3 font-medium sm:px-4">
              Status
            </th>
            <th scope="col" className="px-3 py-3 font-medium sm:px-4">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {rowsOf(report).map((row) => (
            <tr key={row.part} className="align-top">
              <th
                scope="row"
                className="px-3 py-3 font-medium text-zinc-100 sm:px-4 sm:whitespace-nowrap"
              >
                {row.part}
              </th>
              <td className="px-3 py-3 sm:px-4">
                <StatusBadge status={row.status} />
              </td>
              <td className="px-3 py-3 [overflow-wrap:anywhere] text-zinc-300 sm:px-4">
                <p>{row.detail}</p>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-400">
                  {row.facts.map((fact, index) => (
                    <li key={index}>{fact}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
