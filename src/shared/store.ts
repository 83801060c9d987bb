/**
 * What the store tells every visitor about itself (GET /api/store): its name, support address
 * and public address (PUBLIC_URL, for the canonical links and structured data of its pages).
 */
export interface StoreInfo {
  name: string;
  supportEmail: string;
  publicUrl: string;
}
