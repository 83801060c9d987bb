/** Everything the admin caches sits under `adminKeys.all`: a write refreshes it all. */
export const adminKeys = {
  all: ['admin'] as const,
  summary: () => [...adminKeys.all, 'summary'] as const,
  dashboard: (days: number) => [...adminKeys.all, 'dashboard', days] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  productPages: (query: Record<string, string | number | undefined>) =>
    [...adminKeys.all, 'products', 'pages', query] as const,
  product: (id: string) => [...adminKeys.all, 'products', id] as const,
  productAudit: (id: string) => [...adminKeys.product(id), 'audit'] as const,
  orderPages: (query: Record<string, string | number | undefined>) =>
    [...adminKeys.all, 'orders', 'pages', query] as const,
  order: (id: string) => [...adminKeys.all, 'orders', id] as const,
  customerPages: (query: Record<string, string | undefined>) =>
    [...adminKeys.all, 'customers', 'pages', query] as const,
  customer: (id: string) => [...adminKeys.all, 'customers', id] as const,
  customerAudit: (id: string) => [...adminKeys.customer(id), 'audit'] as const,
  licenseSearch: (q: string) => [...adminKeys.all, 'licenses', 'search', q] as const,
  license: (id: string) => [...adminKeys.all, 'licenses', id] as const,
  promos: () => [...adminKeys.all, 'promo-codes'] as const,
  promo: (code: string) => [...adminKeys.promos(), code] as const,
  sales: () => [...adminKeys.all, 'sales'] as const,
  sale: (id: string) => [...adminKeys.sales(), id] as const,
  subscriberPages: (query: Record<string, string | undefined>) =>
    [...adminKeys.all, 'newsletter', 'pages', query] as const,
  supportPages: (query: Record<string, string | undefined>) =>
    [...adminKeys.all, 'support', 'pages', query] as const,
  supportThread: (id: string) => [...adminKeys.all, 'support', id] as const,
  campaigns: () => [...adminKeys.all, 'campaigns'] as const,
  campaign: (id: string) => [...adminKeys.campaigns(), id] as const,
  jobSummary: () => [...adminKeys.all, 'jobs', 'summary'] as const,
  jobPages: (query: Record<string, string | undefined>) =>
    [...adminKeys.all, 'jobs', 'pages', query] as const,
  apiKeys: () => [...adminKeys.all, 'api-keys'] as const,
  webhooks: () => [...adminKeys.all, 'webhooks'] as const,
  webhook: (id: string) => [...adminKeys.webhooks(), id] as const,
  webhookDeliveries: (id: string, page: number) =>
    [...adminKeys.webhook(id), 'deliveries', page] as const,
  webhookDelivery: (id: string, deliveryId: string) =>
    [...adminKeys.webhook(id), 'delivery', deliveryId] as const,
  settings: (section: 'tax' | 'seller') => [...adminKeys.all, 'settings', section] as const,
  taxReport: (year: number, quarter: number) =>
    [...adminKeys.all, 'reports', 'tax', year, quarter] as const,
};
