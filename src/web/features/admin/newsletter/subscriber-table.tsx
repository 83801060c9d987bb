import type { AdminSubscriber } from '#shared/admin-newsletter';
import { sourceLabel, subscriberListLabels } from './subscriber-lists';
import { UnsubscribeDialog } from './unsubscribe-dialog';
import { AdminTable, type AdminColumn } from '../admin-table';

const columns: AdminColumn<AdminSubscriber>[] = [
  {
    header: 'E-mail',
    cellClassName: 'font-medium break-all text-white',
    cell: (subscriber) => subscriber.email,
  },
  {
    header: 'List',
    cellClassName: 'text-zinc-300',
    cell: (subscriber) => subscriberListLabels[subscriber.list],
  },
  {
    header: 'Source',
    cellClassName: 'text-zinc-300',
    cell: (subscriber) => sourceLabel(subscriber.source),
  },
  {
    header: 'Confirmed',
    cellClassName: 'whitespace-nowrap text-zinc-400',
    cell: (subscriber) => (
      <time dateTime={subscriber.confirmedAt}>{subscriber.confirmedAt.slice(0, 10)}</time>
    ),
  },
  {
    header: 'Actions',
    srOnlyHeader: true,
    cellClassName: 'text-right',
    cell: (subscriber) => <UnsubscribeDialog subscriber={subscriber} />,
  },
];

/**
 * A page of subscribers; the table scrolls sideways in its own region on a narrow screen (a
 * positioned one: the hidden "Actions" heading is placed within it, not past the page's edge).
 */
export function SubscriberTable({ subscribers }: { subscribers: AdminSubscriber[] }) {
  return (
    <AdminTable
      label="Subscribers"
      widthClassName="min-w-[40rem]"
      columns={columns}
      rows={subscribers}
      rowKey={(subscriber) => subscriber.id}
    />
  );
}
