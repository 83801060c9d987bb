import { useId, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { toast } from '#web/components/shell/toast';
import { inputClasses } from '#web/components/ui/text-field';
import { useAdminWrite } from '../api/admin-write';
import { ActionDialog } from '../forms/action-dialog';
import { checkInput, writeError } from '../forms/form-errors';

/**
 * A moderation write that needs words (a hiding's reason, the store's reply): the text is
 * checked with the server's own schema, and the dialog stays open with its refusal.
 */
export function ReviewTextDialog({
  trigger,
  title,
  description,
  label,
  field,
  schema,
  initial = '',
  maxLength,
  confirm,
  pending,
  danger = false,
  run,
  done,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  label: string;
  field: string;
  schema: ZodType;
  initial?: string;
  maxLength: number;
  confirm: string;
  pending: string;
  danger?: boolean;
  run: (text: string) => Promise<unknown>;
  done: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(initial);
  const [checked, setChecked] = useState<string | null>(null);
  const write = useAdminWrite(run, [['catalogue']]);
  const failed = write.isError ? writeError(write.error) : null;
  const error = checked ?? failed?.fields[field]?.[0] ?? failed?.message ?? null;

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setChecked(null);
        setText(initial);
        if (!next) write.reset();
      }}
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirm}
      pendingLabel={pending}
      danger={danger}
      pending={write.isPending}
      error={error}
      onConfirm={() => {
        const refused = checkInput(schema, { [field]: text });
        if (refused) {
          setChecked(refused[field]?.[0] ?? null);
          return;
        }
        setChecked(null);
        write.mutate(text.trim(), {
          onSuccess: () => {
            toast.success(done);
            setOpen(false);
          },
        });
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        className={inputClasses}
      />
    </ActionDialog>
  );
}
