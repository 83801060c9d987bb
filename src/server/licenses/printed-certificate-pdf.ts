import QRCode from 'qrcode';
import { LICENSE_TERMS_SUMMARY } from '#shared/license-certificate';
import { toWinAnsi } from '../invoices/win-ansi';
import type { LicenseCertificateData } from './printed-certificates';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 60;
const WIDTH = A4.width - 2 * MARGIN;
const QR_SIZE = 120;

/**
 * A licence certificate as an A4 PDF: who holds which licence to what, the terms in short, and
 * a QR code to the public page that confirms it. Drawn on request from the order line (it holds
 * nothing the buyer cannot see on the order page). Helvetica, so names outside WinAnsi are
 * transliterated (win-ansi.ts).
 */
export async function renderLicenseCertificatePdf(data: LicenseCertificateData): Promise<Buffer> {
  // Loaded by the first certificate printed (200 ms that most processes never need).
  const { default: PDFDocument } = await import('pdfkit');
  const qr = await QRCode.toBuffer(data.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 6,
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Licence certificate ${data.certificateId}`,
      Author: toWinAnsi(data.storeName),
      // The purchase date, not the rendering's: a certificate made twice comes out the same.
      CreationDate: new Date(`${data.issuedOn}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(toWinAnsi(value), { width: WIDTH, ...options });

  doc.font('Helvetica').fontSize(11).fillColor('#555555');
  text(data.storeName.toUpperCase(), { align: 'center', characterSpacing: 2 });
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(26).fillColor('#111111');
  text('Licence Certificate', { align: 'center' });
  doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor('#555555');
  text('This certifies that', { align: 'center' });
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(20).fillColor('#111111');
  text(data.licensee, { align: 'center' });
  doc.moveDown(0.6).font('Helvetica').fontSize(11).fillColor('#555555');
  text('holds a licence to', { align: 'center' });
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(16).fillColor('#111111');
  text(data.quantity > 1 ? `${data.productName} (${data.quantity} licences)` : data.productName, {
    align: 'center',
  });

  doc.moveDown(1.6);
  const facts: [string, string][] = [
    ['Licence type', `${data.licenseType.charAt(0).toUpperCase()}${data.licenseType.slice(1)}`],
    ['Licensee e-mail', data.email],
    ['Order number', `#${data.orderNumber}`],
    ['Date', data.issuedOn],
    ['Certificate ID', data.certificateId],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111');
    doc.text(toWinAnsi(label), MARGIN, y, { width: 130 });
    doc.font('Helvetica').text(toWinAnsi(value), MARGIN + 140, y, { width: WIDTH - 140 });
    doc.moveDown(0.35);
  }

  doc.moveDown(1).font('Helvetica-Bold').fontSize(11).fillColor('#111111');
  doc.text('Terms in short', MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#333333');
  text(LICENSE_TERMS_SUMMARY[data.terms]);
  doc.moveDown(0.3);
  text(`The full License Agreement: ${new URL('/license', data.verifyUrl).toString()}`);

  const qrY = Math.max(doc.y + 24, A4.height - MARGIN - QR_SIZE - 30);
  doc.image(qr, MARGIN, qrY, { width: QR_SIZE, height: QR_SIZE });
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(
    toWinAnsi(
      `Scan the code, or open the address below, to check that this certificate is genuine:`,
    ),
    MARGIN + QR_SIZE + 16,
    qrY + 30,
    { width: WIDTH - QR_SIZE - 16 },
  );
  doc.moveDown(0.4).fillColor('#111111');
  doc.text(toWinAnsi(data.verifyUrl), { width: WIDTH - QR_SIZE - 16 });

  doc.end();
  return done;
}
