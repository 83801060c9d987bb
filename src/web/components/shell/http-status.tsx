import { createContext, useContext } from 'react';

/** Told the status of the page the server renders; the browser has none. */
export type ReportHttpStatus = (code: number) => void;

export const HttpStatusContext = createContext<ReportHttpStatus | null>(null);

/**
 * Marks the page being rendered on the server as answering `code` (a 404 for a product,
 * category or path that does not exist). Nothing happens in the browser.
 */
export function useHttpStatus(code: number) {
  useContext(HttpStatusContext)?.(code);
}
