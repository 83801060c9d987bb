import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { SSO_UNVERIFIED_EMAIL, type SignInProvider } from '#shared/auth';

/** One OpenID Connect provider the store's sign-in offers (settings: issuer, client, name). */
export interface SsoProvider {
  /** The id in the provider's URLs: /api/auth/callback/<id>. */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the sign-in page may know of the providers: their ids and names, never a secret. */
export function publicSignInProviders(providers: readonly SsoProvider[]): SignInProvider[] {
  return providers.map(({ id, name }) => ({ id, name }));
}

/** The address a provider sends the browser back to, to register with the provider. */
export function ssoRedirectUri(publicUrl: string, providerId: string): string {
  return `${publicUrl}/api/auth/callback/${providerId}`;
}

/**
 * Sign-in with any OpenID Connect provider (better-auth's generic OAuth plugin), by discovery,
 * with PKCE and the ID token's nonce. Once a provider has signed a person in with an address it
 * vouches for, that person's guest orders join the account (`onVerifiedSignIn`), as they do when
 * an address is confirmed by e-mail.
 */
export function singleSignOn(
  providers: SsoProvider[],
  onVerifiedSignIn?: (user: { id: string; email: string }) => Promise<void>,
): BetterAuthPlugin {
  const plugin = genericOAuth({
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
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      after: [
        {
          matcher: (ctx) => ctx.path === '/callback/:id',
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.newSession?.user;
            if (user?.emailVerified) await onVerifiedSignIn?.(user);
          }),
        },
      ],
    },
  };
}

/**
 * An account is made from a provider's sign-in only for an address the provider says it has
 * verified: an unverified claim could plant an identity in an account its owner opens later.
 * (better-auth links an existing account to a provider only on an explicit link by its signed-in
 * owner: `disableImplicitLinking` in auth.ts.)
 */
export const providerAccountsOnlyForVerifiedAddresses: NonNullable<
  NonNullable<BetterAuthOptions['user']>['validateUserInfo']
> = ({ user, source }) => {
  if (source.method !== 'oauth' || source.action !== 'create-user') return;
  if (user.emailVerified === true) return;
  return {
    error: SSO_UNVERIFIED_EMAIL,
    errorDescription: 'The provider has not verified this address',
  };
};
