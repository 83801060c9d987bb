import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '#shared/email';
import {
  SUPPORT_REPLY_PROMISE,
  supportCategoryLabels,
  type SupportCategory,
} from '#shared/support';
import { ApiError, apiFetch } from '#web/api/http';
import { Button } from '#web/components/ui/button';

type Field = 'name' | 'email' | 'subject' | 'message';
type SupportMessage = Record<Field, string> & { category: SupportCategory };

/** SPEC §4 and §9: the sent message stays for 5 seconds, then the form comes back empty. */
const SENT_MESSAGE_MS = 5000;

const emptyMessage: SupportMessage = {
  name: '',
  email: '',
  category: 'general',
  subject: '',
  message: '',
};

function validate(values: SupportMessage): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = 'Please enter your name';
  if (!values.email.trim()) errors.email = 'Please enter your email address';
  else if (!isValidEmail(values.email)) errors.email = INVALID_EMAIL_MESSAGE;
  if (!values.subject.trim()) errors.subject = 'Please enter a subject';
  if (!values.message.trim()) errors.message = 'Please enter your message';
  return errors;
}

function sendSupportMessage(values: SupportMessage) {
  return apiFetch<{ success: boolean }>('/api/support', {
    method: 'POST',
    body: JSON.stringify(values),
  });
}

const inputClasses =
  'w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3.5 py-2.5 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-500 focus:outline-none aria-invalid:border-red-500';

export function ContactForm() {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  /** Whether the sent message held the focus when it went, so the empty form takes it back. */
  const refocusForm = useRef(false);
  const [values, setValues] = useState<SupportMessage>(emptyMessage);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => setErrors({}),
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const field of ['name', 'email', 'subject', 'message'] as const) {
          const message = error.fields[field]?.[0];
          if (message) fieldErrors[field] = message;
        }
        setErrors(fieldErrors);
      }
    },
  });
  const { isSuccess, reset } = send;

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
    const found = validate(values);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'subject', 'message'] as const).find(
      (field) => found[field],
    );
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      send.reset();
      return;
    }
    send.mutate({
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
    });
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
            maxLength={200}
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
            maxLength={254}
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
          maxLength={200}
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
          maxLength={5000}
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
