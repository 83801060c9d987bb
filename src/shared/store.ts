/** What the store tells every visitor about itself (GET /api/store): its name and support address. */
export interface StoreInfo {
  name: string;
  supportEmail: string;
}
