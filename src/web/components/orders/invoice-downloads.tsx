import { FileText } from 'lucide-react';
import { useState } from 'react';
import { documentFileName, invoiceMessages, type OrderDocuments } from '#shared/invoices';

/** Where each document of the order downloads from: the buyer's own paths or a guest link's. */
export interface DocumentPaths {
  invoice: string;
  creditNote: (number: string) => string;
}

/**
 * Fetches a document and saves it under its number. Fetched rather than linked: one the store
 * has not made yet answers 409, which is said in the page instead of saved as a file.
 */
async function saveDocument(path: string, number: string): Promise<string | null> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    return body?.error?.message ?? invoiceMessages.notReady;
  }
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = documentFileName(number);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/** "Download invoice" and each credit note of a paid order; nothing for an unpaid one. */
export function InvoiceDownloads({
  documents,
  paths,
}: {
  documents: OrderDocuments;
  paths: DocumentPaths;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (!documents.invoiceNumber) return null;
  const download = async (path: string, number: string) => {
    setBusy(number);
    setProblem(null);
    try {
      setProblem(await saveDocument(path, number));
    } catch {
      setProblem(invoiceMessages.notReady);
    } finally {
      setBusy(null);
    }
  };
  const entries = [
    { label: 'Download invoice', number: documents.invoiceNumber, path: paths.invoice },
    ...documents.creditNotes.map((note) => ({
      label: 'Download credit note',
      number: note.number,
      path: paths.creditNote(note.number),
    })),
  ];
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.number}>
            <button
              type="button"
              disabled={busy === entry.number}
              onClick={() => void download(entry.path, entry.number)}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-zinc-700 px-3 py-2 text-sm font-medium text-zinc-100 hover:border-zinc-500 hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-60"
            >
              <FileText aria-hidden="true" className="size-4 text-zinc-400" />
              {entry.label} <span className="text-zinc-400 tabular-nums">{entry.number}</span>
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="status" className="text-sm text-amber-300">
          {problem}
        </p>
      )}
    </div>
  );
}
