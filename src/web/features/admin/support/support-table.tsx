import { Link } from 'react-router';
import type { AdminSupportSummary } from '#shared/admin-support';
import { supportCategoryLabels } from '#shared/support';
import { SupportStatusBadge } from './support-status-badge';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-3 align-middle';

/** A page of the inbox; a subject opens the message. Scrolls sideways on a narrow screen. */
export function SupportTable({ messages }: { messages: AdminSupportSummary[] }) {
  return (
    <AdminTableFrame label="Support messages">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Subject
            </th>
            <th scope="col" className={cell}>
              From
            </th>
            <th scope="col" className={cell}>
              Category
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Replies
            </th>
            <th scope="col" className={cell}>
              Received
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {messages.map((message) => (
            <tr key={message.id}>
              <td className={cell}>
                <Link
                  to={`/admin/support/${message.id}`}
                  className="font-medium break-words text-white underline-offset-4 hover:underline"
                >
                  {message.subject}
                </Link>
              </td>
              <td className={`${cell} text-zinc-300`}>
                <span className="block">{message.name}</span>
                <span className="block text-xs break-all text-zinc-400">{message.email}</span>
              </td>
              <td className={`${cell} text-zinc-300`}>{supportCategoryLabels[message.category]}</td>
              <td className={cell}>
                <SupportStatusBadge status={message.status} />
              </td>
              <td className={`${cell} text-right text-zinc-300 tabular-nums`}>
                {message.replyCount}
              </td>
              <td className={`${cell} whitespace-nowrap text-zinc-400`}>
                <time dateTime={message.createdAt}>{message.createdAt.slice(0, 10)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
