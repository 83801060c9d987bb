import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import {
  DEFAULT_SUPPORT_CATEGORY,
  SUPPORT_REPLY_PROMISE,
  supportCategoryLabels,
  supportFieldLimits,
  supportFields,
  supportMessageSchema,
  type SupportCategory,
  type SupportField,
  type SupportMessage,
  type SupportPrefill,
} from '#shared/support';
import { fieldErrors } from '#shared/validation';
import { ApiError, apiFetch } from '#web/api/http';
import { Button } from '#web/components/ui/button';

type Field = SupportField;
type FieldErrors = Partial<Record<Field, string>>;

/** The sent message stays for 5 seconds, then the form comes back empty. */
const SENT_MESSAGE_MS = 5000;

const emptyMessage: SupportMessage = {
  name: '',
  email: '',
  category: DEFAULT_SUPPORT_CATEGORY,
  subject: '',
  message: '',
};

/** The first message for each field, from the server's answer or the same schema here. */
function firstErrors(fields: Record<string, string[] | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of supportFields) {
    const message = fields[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

function sendSupportMessage(values: SupportMessage) {
  return apiFetch<{ success: boolean }>('/api/support', {
    method: 'POST',
    body: JSON.stringify(values),
  });
}

const inputClasses =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3.5 py-2.5 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-500 aria-invalid:border-red-500';

/**
 * The support form. `prefill` (from a link such as the download hub's "Contact support") fills
 * the category, subject and message once the page is on screen; the buyer may edit them.
 */
export function ContactForm({ prefill = {} }: { prefill?: SupportPrefill }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  /** Whether the sent message held the focus when it went, so the empty form takes it back. */
  const refocusForm = useRef(false);
  const [values, setValues] = useState<SupportMessage>(emptyMessage);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => setErrors({}),
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(firstErrors(error.fields));
    },
  });
  const { isSuccess, reset } = send;

  // After hydration (the server's page has the empty form): the link's words fill it.
  const { category, subject, message } = prefill;
  useEffect(() => {
    if (!category && !subject && !message) return;
    setValues((current) => ({
      ...current,
      ...(category ? { category } : {}),
      ...(subject ? { subject } : {}),
      ...(message ? { message } : {}),
    }));
  }, [category, subject, message]);

  useEffect(() => {
    if (!isSuccess) {
      if (refocusForm.current)
        formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
      refocusForm.current = false;
      return;
    }
    sentRef.current?.focus();
    const timer = setTimeout(() => {
      refocusForm.current = sentRef.current?.contains(document.activeElement) ?? false;
      setValues(emptyMessage);
      reset();
    }, SENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);

  function update<K extends keyof SupportMessage>(key: K, value: SupportMessage[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key !== 'category') setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rules (#shared/support): the same limits and the same messages.
    const parsed = supportMessageSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstErrors(fieldErrors(parsed.error.issues));
      setErrors(found);
      const firstInvalid = supportFields.find((field) => found[field]);
      if (firstInvalid)
        formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      send.reset();
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  }

  const fieldProps = (field: Field) => ({
    id: `${formId}-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${formId}-${field}-error` : undefined,
    className: inputClasses,
  });

  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`${formId}-${field}-error`} className="mt-1.5 text-xs text-red-400">
        {errors[field]}
      </p>
    );

  const label = (field: Field | 'category', text: string, required = true) => (
    <label
      htmlFor={`${formId}-${field}`}
      className="mb-1.5 block text-sm font-medium text-zinc-200"
    >
      {text}
      {required && (
        <span aria-hidden className="text-brand-400">
          {' '}
          *
        </span>
      )}
    </label>
  );

  if (send.isSuccess) {
    return (
      <div
        ref={sentRef}
        tabIndex={-1}
        role="status"
        className="flex flex-col items-center rounded-xl border border-emerald-900/60 bg-emerald-950/30 px-6 py-12 text-center focus:outline-none"
      >
        <CircleCheck aria-hidden className="size-10 text-emerald-400" />
        <p className="mt-4 text-lg font-semibold text-white">Message sent!</p>
        <p className="mt-2 max-w-sm text-sm text-emerald-200">
          Thanks for contacting us. {SUPPORT_REPLY_PROMISE}
        </p>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label('name', 'Name')}
          <input
            {...fieldProps('name')}
            autoComplete="name"
            required
            maxLength={supportFieldLimits.name}
            onChange={(e) => update('name', e.target.value)}
          />
          {fieldError('name')}
        </div>
        <div>
          {label('email', 'Email')}
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            required
            maxLength={supportFieldLimits.email}
            onChange={(e) => update('email', e.target.value)}
          />
          {fieldError('email')}
        </div>
      </div>
      <div>
        {label('category', 'Category', false)}
        <select
          id={`${formId}-category`}
          name="category"
          value={values.category}
          onChange={(e) => update('category', e.target.value as SupportCategory)}
          className={inputClasses}
        >
          {Object.entries(supportCategoryLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div>
        {label('subject', 'Subject')}
        <input
          {...fieldProps('subject')}
          required
          maxLength={supportFieldLimits.subject}
          onChange={(e) => update('subject', e.target.value)}
        />
        {fieldError('subject')}
      </div>
      <div>
        {label('message', 'Message')}
        <textarea
          {...fieldProps('message')}
          required
          rows={6}
          maxLength={supportFieldLimits.message}
          placeholder="Tell us what happened, and include your order number if it is about a purchase."
          onChange={(e) => update('message', e.target.value)}
        />
        {fieldError('message')}
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={send.isPending} className="sm:w-auto">
          {send.isPending ? 'Sending...' : 'Send message'}
        </Button>
        <div aria-live="polite" className="text-sm">
          {send.isError && (
            <p className="flex items-start gap-2 text-red-400">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {send.error.message || 'Failed to send your message. Please try again.'}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
