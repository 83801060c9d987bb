import { Link } from 'react-router';
import { AudioWaveform } from 'lucide-react';
import { useStoreInfo } from '#web/api/store';

/** The store's name until its settings are read (STORE_NAME's default). */
const DEFAULT_STORE_NAME = 'Loopmarket';

/** The store's logo (or the waveform mark) and name, linking home: the store settings'. */
export function Wordmark({ onClick }: { onClick?: () => void }) {
  const store = useStoreInfo();
  const logoUrl = store?.brand.logoUrl;
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight text-white"
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" className="size-8 rounded-lg object-contain" />
      ) : (
        <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-fuchsia-600 shadow-lg shadow-brand-900/40">
          <AudioWaveform aria-hidden="true" className="size-5 text-white" />
        </span>
      )}
      {store?.name ?? DEFAULT_STORE_NAME}
    </Link>
  );
}
