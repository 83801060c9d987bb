const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** When a device was last used, as a person says it: "Active now", "3 hours ago", "Nov 2, 2026". */
export function lastSeen(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 2) return 'Active now';
  if (minutes < 60) return `Last seen ${relative.format(-minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `Last seen ${relative.format(-hours, 'hour')}`;
  const days = Math.round(hours / 24);
  if (days < 7) return `Last seen ${relative.format(-days, 'day')}`;
  return `Last seen ${day.format(new Date(iso))}`;
}
