import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { isE164, normalisePhoneNumber, phoneMessages } from '#shared/phone';
import type { PhoneSettings as Settings } from '#shared/phone';
import { phoneApi, phoneSettingsQuery } from '#web/api/phone';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { sessionKeys } from '#web/session/session-query';
import { FormMessage } from './auth-card';
import { phoneErrorMessage } from './phone-errors';

type Step =
  | { name: 'idle' }
  | { name: 'number' }
  | { name: 'code'; phoneNumber: string }
  | { name: 'two-step' };

/**
 * The profile's Phone section: add a number (a code texted to it confirms it), change or remove
 * it, and use it for two-step sign-in (a code texted to it turns that on).
 */
export function PhoneSettings() {
  const settings = useQuery(phoneSettingsQuery);
  return (
    <section
      aria-labelledby="phone-heading"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <h2 id="phone-heading" className="flex items-center gap-2 text-lg font-semibold text-white">
        <Smartphone aria-hidden="true" className="size-5 text-brand-400" />
        Phone
      </h2>
      {settings.isPending && <Skeleton className="mt-4 h-16" />}
      {settings.isError && (
        <p className="mt-2 text-sm text-zinc-400">Your phone settings could not be loaded.</p>
      )}
      {settings.data && !settings.data.available && (
        <p className="mt-1 text-sm text-zinc-400">{phoneMessages.unavailable}</p>
      )}
      {settings.data?.available && <PhoneNumber settings={settings.data} />}
    </section>
  );
}

function PhoneNumber({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  const remove = useMutation({
    mutationFn: phoneApi.remove,
    onSuccess: async () => {
      toast.success('Your phone number was removed');
      await refresh();
    },
  });
  const close = () => setStep({ name: 'idle' });
  const { phoneNumber, twoFactorEnabled } = settings;

  return (
    <div className="mt-1 space-y-4">
      <p className="text-sm text-zinc-400">
        {phoneNumber
          ? twoFactorEnabled
            ? 'Two-step sign-in can text a code to this number.'
            : 'A confirmed number can receive your two-step sign-in code by text message.'
          : 'Add a mobile number to receive your two-step sign-in code by text message.'}
      </p>
      {phoneNumber && step.name === 'idle' && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-mono text-base text-zinc-100" data-testid="phone-number">
            {phoneNumber}
          </p>
          <div className="flex flex-wrap gap-2">
            {!twoFactorEnabled && (
              <Button onClick={() => setStep({ name: 'two-step' })}>
                Use for Two-Step Sign-In
              </Button>
            )}
            <Button variant="secondary" onClick={() => setStep({ name: 'number' })}>
              Change
            </Button>
            <Button
              variant="ghost"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
              aria-label="Remove phone number"
            >
              Remove
            </Button>
          </div>
        </div>
      )}
      {remove.isError && step.name === 'idle' && (
        <FormMessage tone="error">
          {phoneErrorMessage(remove.error, 'The number could not be removed.')}
        </FormMessage>
      )}
      {!phoneNumber && step.name === 'idle' && (
        <Button onClick={() => setStep({ name: 'number' })}>Add Phone Number</Button>
      )}
      {step.name === 'number' && (
        <NumberForm
          onSent={(number) => setStep({ name: 'code', phoneNumber: number })}
          onCancel={close}
        />
      )}
      {step.name === 'code' && (
        <CodeForm
          label="6-digit code from the text message"
          submitLabel="Confirm Number"
          intro={`We texted a code to ${step.phoneNumber}.`}
          send={() => phoneApi.sendCode(step.phoneNumber)}
          verify={(code) => phoneApi.confirm(step.phoneNumber, code)}
          onDone={async () => {
            toast.success('Your phone number is confirmed');
            close();
            await refresh();
          }}
          onCancel={close}
        />
      )}
      {step.name === 'two-step' && (
        <TwoStepByText
          onDone={async () => {
            toast.success('Two-step sign-in by text message is on');
            close();
            await refresh();
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}

/** The number, checked here for the international format before a code is texted to it. */
function NumberForm({
  onSent,
  onCancel,
}: {
  onSent: (phoneNumber: string) => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const send = useMutation({
    mutationFn: phoneApi.sendCode,
    onSuccess: (_answer, phoneNumber) => onSent(phoneNumber),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const phoneNumber = normalisePhoneNumber(typed);
    if (!isE164(phoneNumber)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    send.mutate(phoneNumber);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {(invalid || send.isError) && (
        <FormMessage tone="error">
          {invalid
            ? phoneMessages.invalidNumber
            : phoneErrorMessage(send.error, phoneMessages.notSent)}
        </FormMessage>
      )}
      <TextField
        label="Mobile number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+14155550123"
        hint="With + and the country code. Message and data rates may apply."
        autoFocus
        aria-invalid={invalid || undefined}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={!typed.trim() || send.isPending}>
          {send.isPending ? 'Sending...' : 'Text Me a Code'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Texts a second-step code to the confirmed number; entering it turns two-step sign-in on. */
function TwoStepByText({
  onDone,
  onCancel,
}: {
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: phoneApi.sendTwoFactorCode,
    onSuccess: () => setSent(true),
  });
  if (!sent) {
    return (
      <div className="space-y-4">
        {send.isError && (
          <FormMessage tone="error">
            {phoneErrorMessage(send.error, phoneMessages.notSent)}
          </FormMessage>
        )}
        <p className="text-sm text-zinc-300">
          Signing in will then ask for a code we text to this number, after your password.
        </p>
        <div className="flex gap-3">
          <Button onClick={() => send.mutate()} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Text Me a Code'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <CodeForm
      label="6-digit code from the text message"
      submitLabel="Turn On"
      intro="We texted you a code. Enter it to turn on two-step sign-in."
      send={phoneApi.sendTwoFactorCode}
      verify={(code) => phoneApi.verifyTwoFactorCode(code)}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}

/** A texted code: enter it, or ask for a new one. */
function CodeForm({
  label,
  submitLabel,
  intro,
  send,
  verify,
  onDone,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  intro: string;
  send: () => Promise<unknown>;
  verify: (code: string) => Promise<unknown>;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const check = useMutation({ mutationFn: verify, onSuccess: onDone });
  const again = useMutation({
    mutationFn: send,
    onSuccess: () => {
      setCode('');
      check.reset();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) check.mutate(code.trim());
  };
  const error = check.error ?? again.error;

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? (
        <FormMessage tone="error">{phoneErrorMessage(error, phoneMessages.wrongCode)}</FormMessage>
      ) : (
        <FormMessage tone="success">{again.isSuccess ? phoneMessages.codeSent : intro}</FormMessage>
      )}
      <TextField
        label={label}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={code.length !== 6 || check.isPending}>
          {check.isPending ? 'Checking...' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={() => again.mutate()} disabled={again.isPending}>
          Send a New Code
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
