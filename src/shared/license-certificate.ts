/**
 * The licence certificate a human reads: a PDF per completed order line (buyer, product, licence
 * type and its terms in short, order number, date, certificate id) with a QR code to a public
 * page that says whether the certificate is genuine. The certificate id is the order line's id.
 */

/** Where the QR code leads: public, and shows nothing private. */
export const licenseVerifyPath = (certificateId: string) => `/licenses/verify/${certificateId}`;

/** The file a certificate downloads as. */
export const licenseCertificateFileName = (orderNumber: string, productName: string) =>
  `licence-${orderNumber}-${
    productName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'product'
  }.pdf`;

/** The kinds of product the License Agreement (/license) words differently. */
export type LicenseTermsKind = 'sounds' | 'software';

/** The License Agreement in short, as the certificate prints it (the full text is /license). */
export const LICENSE_TERMS_SUMMARY: Record<LicenseTermsKind, string> = {
  sounds:
    'A permanent, worldwide, non-exclusive, royalty-free licence to use the sounds in your own music, commercial or not, with no credit required. The sounds themselves may not be resold, shared or redistributed.',
  software:
    'A single-user licence to install and activate the software on the computers its key allows, as long as only the licensee uses it; activations move by deactivating an old computer. The licence and its key may not be shared, resold or transferred.',
};

/** Software is licensed by key; everything else is sounds. */
export const licenseTermsKind = (issuesKeys: boolean): LicenseTermsKind =>
  issuesKeys ? 'software' : 'sounds';

export type LicenseCertificateStatus = 'valid' | 'revoked';

/** What the public verification page shows: whether it is genuine, and nothing private. */
export interface LicenseCertificateCheck {
  certificateId: string;
  storeName: string;
  productName: string;
  licenseType: string;
  /** The purchase date, YYYY-MM-DD. */
  issuedOn: string;
  /** `revoked` once the line is refunded: the licence ended. */
  status: LicenseCertificateStatus;
}

export const licenseCertificateMessages = {
  notGenuine: 'No licence certificate with this number was issued by this store',
  notAvailable:
    'A licence certificate is available once the order is paid, and not for a refunded line',
} as const;

/** Where a line's certificate downloads from: the buyer's own order, or a guest order's link. */
export const licenseCertificatePaths = {
  own: (orderId: string, itemId: string) =>
    `/api/orders/${orderId}/items/${itemId}/license-certificate`,
  guest: (token: string, itemId: string) =>
    `/api/guest-orders/${token}/items/${itemId}/license-certificate`,
  check: (certificateId: string) => `/api/licenses/verify/${certificateId}`,
};
