import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { leavingMessages } from '#shared/account-leaving';
import { devicesQuery, leavingApi, leavingKeys, type Device } from '#web/api/devices-and-leaving';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useSignOut } from '#web/session/use-sign-out';
import { lastSeen } from './last-seen';
import { useLeaveSession } from './use-leave-session';

const isPhone = (device: Device) => /^(iOS|Android)\b/.test(device.system);

/**
 * Where the account is signed in, and the three ways out: one device (this one is an ordinary
 * sign-out), every other device, or every device including this one.
 */
export function DevicesSection() {
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQuery);
  const { signOut, isSigningOut } = useSignOut();
  const leave = useLeaveSession();
  const refresh = () => queryClient.invalidateQueries({ queryKey: leavingKeys.devices() });

  const signOutOne = useMutation({
    mutationFn: leavingApi.signOutDevice,
    onSuccess: async () => {
      toast.success(leavingMessages.signedOutDevice);
      await refresh();
    },
    onError: () => toast.error(leavingMessages.signOutFailed),
  });
  const signOutOthers = useMutation({
    mutationFn: leavingApi.signOutOthers,
    onSuccess: async () => {
      toast.success(leavingMessages.signedOutOthers);
      await refresh();
    },
    onError: () => toast.error(leavingMessages.signOutFailed),
  });
  const signOutEverywhere = useMutation({
    mutationFn: leavingApi.signOutEverywhere,
    onSuccess: () => leave('/login'),
    onError: () => toast.error(leavingMessages.signOutFailed),
  });
  const others = devices.data?.filter((device) => !device.current).length ?? 0;
  const busy = signOutOthers.isPending || signOutEverywhere.isPending;

  return (
    <section
      aria-labelledby="devices-heading"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <h2 id="devices-heading" className="flex items-center gap-2 text-lg font-semibold text-white">
        <MonitorSmartphone aria-hidden="true" className="size-5 text-brand-400" />
        Devices
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Where your account is signed in. Sign out any device you do not recognise.
      </p>

      {devices.isPending && <Skeleton className="mt-5 h-32" />}
      {devices.isError && (
        <div className="mt-5">
          <ErrorAlert title="Your devices could not be loaded.">
            <RetryButton onRetry={() => void devices.refetch()} className="mt-2" />
          </ErrorAlert>
        </div>
      )}
      {devices.data && (
        <ul className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
          {devices.data.map((device) => {
            const Icon = isPhone(device) ? Smartphone : Monitor;
            const name = `${device.browser} on ${device.system}`;
            return (
              <li key={device.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-zinc-400" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                    {name}
                    {device.current && (
                      <span className="rounded-full bg-brand-600/20 px-2 py-0.5 text-xs font-semibold text-brand-200">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="mt-0.5 text-sm text-zinc-400">
                    {[device.ipAddress, lastSeen(device.lastSeenAt)].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={device.current ? 'Sign out of this device' : `Sign out ${name}`}
                  disabled={
                    device.current
                      ? isSigningOut
                      : signOutOne.isPending && signOutOne.variables === device.id
                  }
                  onClick={() => (device.current ? signOut() : signOutOne.mutate(device.id))}
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  Sign out
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={busy || others === 0}
          onClick={() => signOutOthers.mutate()}
        >
          {signOutOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => signOutEverywhere.mutate()}>
          {signOutEverywhere.isPending ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </div>
    </section>
  );
}
