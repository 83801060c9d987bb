/**
 * RFC 8058's pair for mail to a list: where a mail client POSTs to unsubscribe, and that a POST
 * of `List-Unsubscribe=One-Click` there is enough (no page, no further step).
 */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
