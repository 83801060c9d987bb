import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Download, LogOut, Receipt } from 'lucide-react';
import { toast } from '#web/components/shell/toast';
import { authMessages } from '#shared/auth';
import type { Account } from '#shared/account';
import { authApi } from '#web/api/auth';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { accountQuery, sessionKeys } from '#web/session/session-query';
import { useSignOut } from '#web/session/use-sign-out';
import { RequireAuth } from '#web/session/require-auth';
import { AddPassword } from './add-password';
import { ChangePasswordForm } from './change-password-form';
import { LinkedIdentities } from './linked-identities';
import { PhoneSettings } from './phone-settings';
import { DevicesAndLeaving } from './devices-and-leaving';
import { PasskeySettings } from './passkey-settings';
import { SavedBillingSection } from './saved-billing-section';
import { AffiliateShortcut } from './affiliate-shortcut';
import { TwoFactorSettings } from './two-factor-settings';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function ProfilePage() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}

/**
 * Profile: read-only email, editable full name, creation date, sign out, shortcuts; and
 * the password and two-factor settings.
 */
function Profile() {
  const account = useQuery(accountQuery);
  const { signOut, isSigningOut } = useSignOut();

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <PageTitle title="My Profile" />
      <h1 className="text-3xl font-semibold text-white">My Profile</h1>
      <p className="mt-2 text-zinc-400">Your account details, security and shortcuts.</p>

      {account.isPending && <Skeleton className="mt-8 h-72" />}
      {account.isError && (
        <div className="mt-8">
          <ErrorAlert title="Failed to load your profile. Please try again." />
        </div>
      )}
      {account.data && (
        <>
          <AccountDetails account={account.data} />
          {account.data.hasPassword ? (
            <ChangePasswordForm />
          ) : (
            <AddPassword email={account.data.email} />
          )}
          <TwoFactorSettings
            enabled={account.data.twoFactorEnabled}
            hasPassword={account.data.hasPassword}
          />
          <LinkedIdentities />
          <PhoneSettings />
          <PasskeySettings />
          <SavedBillingSection />
          <AffiliateShortcut />
          <section className="mt-6 grid gap-3 sm:grid-cols-3">
            <Link to="/download-hub" className={buttonClasses('secondary', 'lg')}>
              <Download aria-hidden="true" className="size-4" />
              Download Hub
            </Link>
            <Link to="/order-history" className={buttonClasses('secondary', 'lg')}>
              <Receipt aria-hidden="true" className="size-4" />
              Order History
            </Link>
            <Button variant="secondary" size="lg" onClick={signOut} disabled={isSigningOut}>
              <LogOut aria-hidden="true" className="size-4" />
              Sign Out
            </Button>
          </section>
          <DevicesAndLeaving email={account.data.email} />
        </>
      )}
    </Container>
  );
}

/** Email (read-only), full name (editable) and the account's creation date. */
function AccountDetails({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(account.fullName);
  const save = useMutation({
    mutationFn: (fullName: string) => authApi.updateName(fullName),
    onSuccess: async () => {
      toast.success(authMessages.profileUpdated);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: () => toast.error(authMessages.profileUpdateFailed),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name.trim());
  };

  return (
    <section className="mt-8 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
      <h2 className="text-lg font-semibold text-white">Account</h2>
      <form onSubmit={onSubmit} className="mt-5 space-y-5">
        <TextField
          label="Email"
          type="email"
          value={account.email}
          readOnly
          hint="Your email address cannot be changed."
        />
        <TextField
          label="Full name"
          name="fullName"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p className="text-sm text-zinc-400">
          Member since{' '}
          <time dateTime={account.createdAt}>{dateFormat.format(new Date(account.createdAt))}</time>
        </p>
        <Button type="submit" disabled={save.isPending || name.trim() === account.fullName}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </section>
  );
}
