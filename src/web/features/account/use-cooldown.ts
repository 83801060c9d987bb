import { useEffect, useState } from 'react';

/** Seconds left before something may be done again; `restart` begins the wait anew. */
export function useCooldown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const tick = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(tick);
  }, [left]);
  return { left, restart: () => setLeft(seconds) };
}
