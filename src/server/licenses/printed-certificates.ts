import { and, eq, inArray } from 'drizzle-orm';
import { orderNumber } from '#shared/checkout';
import {
  licenseCertificateMessages,
  licenseTermsKind,
  licenseVerifyPath,
  type LicenseCertificateCheck,
  type LicenseTermsKind,
} from '#shared/license-certificate';
import type { Db } from '../db/client';
import { orderItems, orders, products, users } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { accessibleOrderId, type DocumentAccess } from '../invoices/invoices.service';
import type { SigningKeys } from '../security/signed-token';

/** Orders whose lines carry a licence: paid, or paid and then partly refunded. */
const PAID: ('COMPLETED' | 'REFUNDED')[] = ['COMPLETED', 'REFUNDED'];

/** What the certificate PDF prints. */
export interface LicenseCertificateData {
  certificateId: string;
  storeName: string;
  licensee: string;
  email: string;
  productName: string;
  licenseType: string;
  quantity: number;
  terms: LicenseTermsKind;
  orderNumber: string;
  /** The purchase date, YYYY-MM-DD. */
  issuedOn: string;
  /** The public page its QR code leads to. */
  verifyUrl: string;
}

const dateOf = (date: Date | null) => (date ?? new Date(0)).toISOString().slice(0, 10);

/** The line's certificate id, if it is a uuid (anything else is simply not a certificate). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function paidLine(db: Db, itemId: string) {
  if (!UUID.test(itemId)) return null;
  const [line] = await db
    .select({
      item: orderItems,
      order: orders,
      productName: products.name,
      issuesKeys: products.licenseKeys,
      accountName: users.name,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderItems.id, itemId), inArray(orders.status, PAID)));
  return line ?? null;
}

/**
 * A line's certificate for a caller who may read its order (the buyer signed in, or the guest
 * order's link): only a paid line that is not refunded has one. Another buyer's line is not found.
 */
export async function licenseCertificateFor(
  db: Db,
  keys: SigningKeys,
  access: Extract<DocumentAccess, { userId: string } | { guestToken: string }>,
  itemId: string,
  store: { name: string; publicUrl: string },
): Promise<LicenseCertificateData> {
  if ('orderId' in access && !UUID.test(access.orderId))
    throw notFound(licenseCertificateMessages.notGenuine);
  const orderId = await accessibleOrderId(db, keys, access);
  const line = await paidLine(db, itemId);
  if (!line || line.order.id !== orderId) throw notFound(licenseCertificateMessages.notGenuine);
  if (line.item.refundedAt || line.order.status !== 'COMPLETED')
    throw new AppError('CONFLICT', licenseCertificateMessages.notAvailable);
  const billing = line.order.billingDetails;
  const billedName = [billing.firstName, billing.lastName].filter(Boolean).join(' ');
  return {
    certificateId: line.item.id,
    storeName: store.name,
    licensee: billedName || line.accountName || line.order.email,
    email: line.order.email,
    productName: line.productName,
    licenseType: line.item.licenseType,
    quantity: line.item.quantity,
    terms: licenseTermsKind(line.issuesKeys),
    orderNumber: orderNumber(line.order.id),
    issuedOn: dateOf(line.order.completedAt),
    verifyUrl: `${store.publicUrl}${licenseVerifyPath(line.item.id)}`,
  };
}

/**
 * The public check a certificate's QR code leads to: genuine or not, the product, licence type,
 * date and whether the licence still stands. Nothing about the buyer or the order.
 */
export async function checkLicenseCertificate(
  db: Db,
  certificateId: string,
  storeName: string,
): Promise<LicenseCertificateCheck> {
  const line = await paidLine(db, certificateId);
  if (!line) throw notFound(licenseCertificateMessages.notGenuine);
  return {
    certificateId: line.item.id,
    storeName,
    productName: line.productName,
    licenseType: line.item.licenseType,
    issuedOn: dateOf(line.order.completedAt),
    status: line.item.refundedAt || line.order.status === 'REFUNDED' ? 'revoked' : 'valid',
  };
}
