import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/**
 * The offline test processor (`local`, the default without Stripe; see docs/decisions.md).
 * Sessions are the orders' own; the embedded form is handed a client secret that starts with the
 * session id.
 */
export function createLocalProvider(settings: {
  secret: string;
  publicUrl: string;
}): PaymentProvider & { newEventId(): string } {
  const hostedPage = (sessionId: string) =>
    `${settings.publicUrl}/checkout/hosted?session_id=${sessionId}`;
  const secretFor = (sessionId: string) =>
    `${sessionId}_secret_${createHmac('sha256', settings.secret).update(sessionId).digest('hex').slice(0, 32)}`;
  const newSessionId = () => `lcs_${randomBytes(16).toString('hex')}`;
  return {
    name: 'local',
    newSessionId,
    async createSession({ order, uiMode }) {
      const sessionId = order.providerSessionId ?? newSessionId();
      return {
        sessionId,
        clientSecret: uiMode === 'embedded' ? secretFor(sessionId) : null,
        url: uiMode === 'hosted' ? hostedPage(sessionId) : null,
      };
    },
    // Any session can be paid on the hosted page: the embedded form and the page charge the same order.
    async hostedUrlOf(sessionId) {
      return hostedPage(sessionId);
    },
    // The order is the session: its status (and the expiry sweep) decide whether it can be paid.
    async expireSession() {},
    // The local processor fulfils when the card is charged; the success page has nothing to add.
    async retrieveCompletion() {
      return null;
    },
    newEventId: () => `evt_local_${randomUUID()}`,
  };
}

export type LocalProvider = ReturnType<typeof createLocalProvider>;
