import { genericOAuth } from 'better-auth/plugins/generic-oauth';

/** One OpenID Connect provider the store's sign-in offers (settings: issuer, client, name). */
export interface SsoProvider {
  /** The id in the provider's URLs: /api/auth/oauth2/callback/<id>. */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Sign-in with any OpenID Connect provider (better-auth's generic OAuth plugin), by discovery. */
export function singleSignOn(providers: SsoProvider[]) {
  return genericOAuth({
    config: providers.map((provider) => ({
      providerId: provider.id,
      name: provider.name,
      discoveryUrl: `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    })),
  });
}
