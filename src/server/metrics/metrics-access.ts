/**
 * Who may read /metrics on the store's own port: anyone outside production; in production only
 * a caller with METRICS_TOKEN, and nobody without one (the page is then not there at all, so a
 * store never shows its figures by accident; METRICS_PORT serves them apart).
 */
export function metricsAccessOnStorePort(config: {
  isProduction: boolean;
  metricsToken?: string;
}): { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'absent' } {
  if (!config.isProduction) return { kind: 'open' };
  return config.metricsToken ? { kind: 'token', token: config.metricsToken } : { kind: 'absent' };
}
