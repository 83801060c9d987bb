import { LEGAL_PAGE_TITLES } from '#shared/store-brand';
import { LegalDocument } from './legal-document';

/** /license: the owner's text (admin → Settings → Pages). */
export function LicensePage() {
  return <LegalDocument page="license" title={LEGAL_PAGE_TITLES.license} />;
}
