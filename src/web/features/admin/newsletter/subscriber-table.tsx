import type { AdminSubscriber } from '#shared/admin-newsletter';
import { sourceLabel, subscriberListLabels } from './subscriber-lists';
import { UnsubscribeDialog } from './unsubscribe-dialog';
import { AdminTableFrame } from '../admin-table-frame';

const cell = 'px-3 py-3 align-middle';

/**
 * A page of subscribers; the table scrolls sideways in its own region on a narrow screen (a
 * positioned one: the hidden "Actions" heading is placed within it, not past the page's edge).
 */
export function SubscriberTable({ subscribers }: { subscribers: AdminSubscriber[] }) {
  return (
    <AdminTableFrame label="Subscribers">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={cell}>
              E-mail
            </th>
            <th scope="col" className={cell}>
              List
            </th>
            <th scope="col" className={cell}>
              Source
            </th>
            <th scope="col" className={cell}>
              Confirmed
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className={`${cell} font-medium break-all text-white`}>{subscriber.email}</td>
              <td className={`${cell} text-zinc-300`}>{subscriberListLabels[subscriber.list]}</td>
              <td className={`${cell} text-zinc-300`}>{sourceLabel(subscriber.source)}</td>
              <td className={`${cell} whitespace-nowrap text-zinc-400`}>
                <time dateTime={subscriber.confirmedAt}>{subscriber.confirmedAt.slice(0, 10)}</time>
              </td>
              <td className={`${cell} text-right`}>
                <UnsubscribeDialog subscriber={subscriber} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminTableFrame>
  );
}
