import { LEGAL_PAGE_TITLES } from '#shared/store-brand';
import { LegalDocument } from './legal-document';

/** /privacy: the owner's text (admin → Settings → Pages). */
export function PrivacyPage() {
  return <LegalDocument page="privacy" title={LEGAL_PAGE_TITLES.privacy} />;
}
