/**
 * CPU per invoice PDF (issue 30's goal: ≤ 100 ms): renders a ten-line invoice with two tax rates
 * many times and prints the CPU milliseconds (user + system) per document, after a warm-up.
 *
 *   npm run bench:invoice-pdf
 */
import { documentLine } from '../src/shared/invoices';
import { renderDocumentPdf } from '../src/server/invoices/invoice-pdf';
import { sampleInvoice } from '../tests/support/sample-invoice';

const lines = Array.from({ length: 10 }, (_, i) =>
  documentLine(
    {
      orderItemId: `line-${i}`,
      description: `Sample Pack ${i + 1} — Extended Licence`,
      quantity: 1 + (i % 3),
      unitPriceCents: 1999 + i * 100,
      discountCents: 200,
      taxRate: i % 2 === 0 ? 19000 : 7000,
      taxCents: 300 + i,
    },
    false,
  ),
);
const data = sampleInvoice(lines, new Date().toISOString());

const RUNS = Number(process.env.RUNS ?? 50);
for (let i = 0; i < 5; i++) await renderDocumentPdf(data);
const before = process.cpuUsage();
const started = performance.now();
let bytes = 0;
for (let i = 0; i < RUNS; i++) bytes = (await renderDocumentPdf(data)).length;
const cpu = process.cpuUsage(before);
const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;
const wallMs = (performance.now() - started) / RUNS;
console.log(
  `invoice PDF (10 lines, ${bytes} bytes): ${cpuMs.toFixed(1)} ms CPU, ${wallMs.toFixed(1)} ms wall per document over ${RUNS} (goal ≤ 100 ms CPU)`,
);
