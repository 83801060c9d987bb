import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/shell/toast';
import { replySubject, supportReplySchema, type AdminSupportThread } from '#shared/admin-support';
import { Button } from '#web/components/ui/button';
import { adminSupportApi } from '../api/support';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

/** The store's reply, e-mailed to the sender under their subject; sending marks it answered. */
export function ReplyForm({ thread }: { thread: AdminSupportThread }) {
  const [body, setBody] = useState('');
  const write = useCheckedWrite(supportReplySchema, (text: string) =>
    adminSupportApi.reply(thread.id, { body: text }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    write.submit({ body }, body, () => {
      setBody('');
      toast.success(`Reply sent to ${thread.email}`);
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="reply-heading"
      className="space-y-4 rounded-xl border border-zinc-800 bg-zinc-900 p-5"
    >
      <h2 id="reply-heading" className="text-lg font-semibold text-white">
        Reply
      </h2>
      <Field
        label="Your reply"
        hint={`Sent by e-mail to ${thread.email} as “${replySubject(thread.subject)}”.`}
        errors={write.errors.body}
      >
        {(control) => (
          <textarea
            {...control}
            rows={7}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <WriteFailure message={write.message} />
      <Button type="submit" disabled={write.isPending}>
        {write.isPending ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}
