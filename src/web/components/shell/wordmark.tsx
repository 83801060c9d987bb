import { Link } from 'react-router';
import { AudioWaveform } from 'lucide-react';

/** The product name, linking home. */
export function Wordmark({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight text-white"
    >
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-fuchsia-600 shadow-lg shadow-brand-900/40">
        <AudioWaveform aria-hidden="true" className="size-5 text-white" />
      </span>
      Loopmarket
    </Link>
  );
}
