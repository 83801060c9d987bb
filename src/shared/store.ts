import type { SignInProvider } from './auth';

/**
 * What the store tells every visitor about itself (GET /api/store): its name, support address
 * and public address (PUBLIC_URL, for the canonical links and structured data of its pages), and
 * the single sign-on providers its sign-in offers (SSO_PROVIDERS: ids and names only).
 */
export interface StoreInfo {
  name: string;
  supportEmail: string;
  publicUrl: string;
  signInProviders: SignInProvider[];
}
