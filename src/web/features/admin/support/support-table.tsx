import { Link } from 'react-router';
import type { AdminSupportSummary } from '#shared/admin-support';
import { supportCategoryLabels } from '#shared/support';
import { SupportStatusBadge } from './support-status-badge';
import { AdminTable, type AdminColumn } from '../admin-table';

const columns: AdminColumn<AdminSupportSummary>[] = [
  {
    header: 'Subject',
    cell: (message) => (
      <Link
        to={`/admin/support/${message.id}`}
        className="font-medium break-words text-white underline-offset-4 hover:underline"
      >
        {message.subject}
      </Link>
    ),
  },
  {
    header: 'From',
    cellClassName: 'text-zinc-300',
    cell: (message) => (
      <>
        <span className="block">{message.name}</span>
        <span className="block text-xs break-all text-zinc-400">{message.email}</span>
      </>
    ),
  },
  {
    header: 'Category',
    cellClassName: 'text-zinc-300',
    cell: (message) => supportCategoryLabels[message.category],
  },
  { header: 'Status', cell: (message) => <SupportStatusBadge status={message.status} /> },
  {
    header: 'Replies',
    align: 'right',
    cellClassName: 'text-zinc-300 tabular-nums',
    cell: (message) => message.replyCount,
  },
  {
    header: 'Received',
    cellClassName: 'whitespace-nowrap text-zinc-400',
    cell: (message) => <time dateTime={message.createdAt}>{message.createdAt.slice(0, 10)}</time>,
  },
];

/** A page of the inbox; a subject opens the message. Scrolls sideways on a narrow screen. */
export function SupportTable({ messages }: { messages: AdminSupportSummary[] }) {
  return (
    <AdminTable
      label="Support messages"
      widthClassName="min-w-[44rem]"
      columns={columns}
      rows={messages}
      rowKey={(message) => message.id}
    />
  );
}
