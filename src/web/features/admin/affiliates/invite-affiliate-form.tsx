import { useState, type FormEvent } from 'react';
import { affiliateMessages, inviteAffiliateSchema, parsePercent } from '#shared/affiliates';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { adminAffiliatesApi } from '../api/affiliates';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

/** The owner makes an existing account an affiliate: its e-mail, a percent and, if they like, a code. */
export function InviteAffiliateForm() {
  const [email, setEmail] = useState('');
  const [percent, setPercent] = useState('10');
  const [code, setCode] = useState('');
  const invite = useCheckedWrite(inviteAffiliateSchema, adminAffiliatesApi.invite);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      email,
      // Text that is no percent is sent as -1, which the schema refuses with the percent's message.
      percentBasisPoints: parsePercent(percent) ?? -1,
      ...(code.trim() ? { code: code.trim() } : {}),
    };
    invite.submit(input, input, () => {
      setEmail('');
      setCode('');
      toast.success(affiliateMessages.invited);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold text-white">
        Add an affiliate
      </h2>
      <Field
        label="Account e-mail"
        hint="The affiliate signs up first; their link and figures appear in their account."
        errors={invite.errors.email}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Commission (%)"
        hint="Of each line's price before tax, after its discount. 0 to 100, two decimals at most."
        errors={invite.errors.percentBasisPoints}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Referral code (optional)"
        hint="Made from their e-mail when left empty."
        errors={invite.errors.code}
      >
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            value={code}
            maxLength={32}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Adding...' : 'Add affiliate'}
        </Button>
        <WriteFailure message={invite.message} />
      </div>
    </form>
  );
}
