import { AsyncLocalStorage } from 'node:async_hooks';

/** The API key an admin request was made with: whom the audit log names besides its owner. */
export interface ActingKey {
  id: string;
  name: string;
}

/**
 * Which API key the request being handled now was made with (api-key-gate.ts sets it around the
 * route), so every admin write's audit entry names the key (audit.ts) without each route and
 * service passing it down, as the logger's request id reaches every line.
 */
const actingKey = new AsyncLocalStorage<ActingKey>();

export function actAsKey<T>(key: ActingKey, work: () => Promise<T>): Promise<T> {
  return actingKey.run(key, work);
}

/** The key the current request acts as, or undefined for a signed-in admin (or no request). */
export function currentActingKey(): ActingKey | undefined {
  return actingKey.getStore();
}
