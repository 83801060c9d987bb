import pg from 'pg';

/** Called with a notification's payload; with null after a reconnection, when some may be lost. */
export type NotificationHandler = (payload: string | null) => void;

/** Waits this long before connecting again after the listening connection failed. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * PostgreSQL LISTEN on one connection of its own (a pooled connection would be handed to
 * queries): the notifications other processes send with pg_notify on the same database. A
 * dropped connection is opened again, and every handler is then told that notifications may
 * have been missed.
 */
export function pgNotifications(connectionString: string, onError: (error: Error) => void) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function lost(error: Error) {
    onError(error);
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, RECONNECT_DELAY_MS);
    timer.unref();
  }

  function connect(again: boolean): Promise<void> {
    connecting = (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', lost);
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoted(channel)}`);
      } catch (error) {
        next.removeAllListeners();
        next.end().catch(() => {});
        lost(error as Error);
        return;
      }
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      if (again) for (const set of handlers.values()) for (const handler of set) handler(null);
    })();
    return connecting;
  }

  return {
    /** Starts listening on `channel`; resolves once the connection listens (or failed once). */
    async listen(channel: string, handler: NotificationHandler): Promise<void> {
      const known = handlers.has(channel);
      handlers.set(channel, (handlers.get(channel) ?? new Set()).add(handler));
      if (!client && !connecting) return connect(false);
      await connecting;
      if (client && !known) await client.query(`LISTEN ${quoted(channel)}`);
    },
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting;
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => {});
    },
  };
}
