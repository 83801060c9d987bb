import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/**
 * The offline test processor (DESIGN: `local`, the default without Stripe). Sessions are the
 * orders' own; the embedded form is handed a client secret that starts with the session id.
 */
export function createLocalProvider(settings: {
  secret: string;
  publicUrl: string;
}): PaymentProvider & { newEventId(): string } {
  const secretFor = (sessionId: string) =>
    `${sessionId}_secret_${createHmac('sha256', settings.secret).update(sessionId).digest('hex').slice(0, 32)}`;
  return {
    name: 'local',
    async createSession({ uiMode }) {
      const sessionId = `lcs_${randomBytes(16).toString('hex')}`;
      return {
        sessionId,
        clientSecret: uiMode === 'embedded' ? secretFor(sessionId) : null,
        url:
          uiMode === 'hosted'
            ? `${settings.publicUrl}/checkout/hosted?session_id=${sessionId}`
            : null,
      };
    },
    // The local processor fulfils when the card is charged; the success page has nothing to add.
    async retrieveCompletion() {
      return null;
    },
    newEventId: () => `evt_local_${randomUUID()}`,
  };
}

export type LocalProvider = ReturnType<typeof createLocalProvider>;
