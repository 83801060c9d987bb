import { queryOptions } from '@tanstack/react-query';
import type {
  AdminAffiliate,
  AffiliatePayout,
  AffiliateSettings,
  InviteAffiliate,
  UpdateAffiliate,
} from '#shared/affiliates';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/affiliates';
const SETTINGS = '/api/admin/settings/affiliates';

export const affiliatesExportHref = `${BASE}/export.csv`;

export const affiliatesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'affiliates'] as const,
    queryFn: () => apiFetch<{ affiliates: AdminAffiliate[] }>(BASE),
  });

export const affiliateSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'settings', 'affiliates'] as const,
    queryFn: () => apiFetch<AffiliateSettings>(SETTINGS),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

export const adminAffiliatesApi = {
  invite: (input: InviteAffiliate) =>
    apiFetch<AdminAffiliate>(BASE, { method: 'POST', body: JSON.stringify(input) }),
  update: (id: string, input: UpdateAffiliate) =>
    apiFetch<AdminAffiliate>(`${BASE}/${id}`, { method: 'PATCH', body: JSON.stringify(input) }),
  payout: (id: string) => apiFetch<AffiliatePayout>(`${BASE}/${id}/payouts`, { method: 'POST' }),
  saveSettings: (input: AffiliateSettings) =>
    apiFetch<AffiliateSettings>(SETTINGS, { method: 'PUT', body: JSON.stringify(input) }),
};
