import { DevicesSection } from './devices-section';
import { LeaveStoreSection } from './leave-store-section';

/** The profile's last sections: where the account is signed in, and its data and leaving. */
export function DevicesAndLeaving({ email }: { email: string }) {
  return (
    <>
      <DevicesSection />
      <LeaveStoreSection email={email} />
    </>
  );
}
