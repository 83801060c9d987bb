import { LEGAL_PAGE_TITLES } from '#shared/store-brand';
import { LegalDocument } from './legal-document';

/** /terms: the owner's text (admin → Settings → Pages). */
export function TermsPage() {
  return <LegalDocument page="terms" title={LEGAL_PAGE_TITLES.terms} />;
}
