/** Set by auth.routes.ts from the trusted client address; any incoming value is replaced. */
export const CLIENT_IP_HEADER = 'x-loopmarket-client-ip';
