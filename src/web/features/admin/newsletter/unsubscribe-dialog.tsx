import type { AdminSubscriber } from '#shared/admin-newsletter';
import { Button } from '#web/components/ui/button';
import { adminNewsletterApi } from '../api/newsletter';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { subscriberListLabels } from './subscriber-lists';

/** Unsubscribe someone who asked, once confirmed. */
export function UnsubscribeDialog({ subscriber }: { subscriber: AdminSubscriber }) {
  const list = subscriberListLabels[subscriber.list];
  return (
    <ConfirmWriteDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-red-300 hover:text-red-200"
          aria-label={`Unsubscribe ${subscriber.email} from ${list}`}
        >
          Unsubscribe
        </Button>
      }
      title={`Unsubscribe ${subscriber.email}?`}
      confirm="Unsubscribe"
      pending="Unsubscribing..."
      run={() => adminNewsletterApi.unsubscribe(subscriber.id)}
      done={`${subscriber.email} unsubscribed`}
    >
      They stop receiving {list} e-mails and leave the export. To come back, they sign up again and
      confirm.
    </ConfirmWriteDialog>
  );
}
