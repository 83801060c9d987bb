import { Hono, type Context } from 'hono';
import { licenseCertificateFileName } from '#shared/license-certificate';
import { requireUser, signedInUser } from '../auth/session';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { attachmentDisposition } from '../storage/content-disposition';
import { renderLicenseCertificatePdf } from './printed-certificate-pdf';
import {
  checkLicenseCertificate,
  licenseCertificateFor,
  type LicenseCertificateData,
} from './printed-certificates';

const pdfResponse = async (data: LicenseCertificateData) =>
  new Response(new Uint8Array(await renderLicenseCertificatePdf(data)), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachmentDisposition(
        licenseCertificateFileName(data.orderNumber, data.productName),
      ),
      'Cache-Control': 'private, no-store',
    },
  });

/**
 * Licence certificates: the PDF of a paid line for its buyer (signed in, or by the guest order's
 * link), and the public check its QR code leads to.
 */
export function licenseCertificatesRoutes({
  db,
  keys,
  config,
}: Pick<Services, 'db' | 'keys' | 'config'>) {
  const store = { name: config.storeName, publicUrl: config.publicUrl };
  const itemId = (c: Context) => c.req.param('itemId') ?? '';
  return new Hono<AppEnv>()
    .get('/orders/:id/items/:itemId/license-certificate', requireUser, async (c) =>
      pdfResponse(
        await licenseCertificateFor(
          db,
          keys,
          { userId: signedInUser(c).id, orderId: c.req.param('id') },
          itemId(c),
          store,
        ),
      ),
    )
    .get('/guest-orders/:token/items/:itemId/license-certificate', async (c) =>
      pdfResponse(
        await licenseCertificateFor(
          db,
          keys,
          { guestToken: c.req.param('token') },
          itemId(c),
          store,
        ),
      ),
    )
    .get('/licenses/verify/:id', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(await checkLicenseCertificate(db, c.req.param('id'), config.storeName));
    });
}
