import { queryOptions } from '@tanstack/react-query';
import type { AdminCampaign, CampaignDraft, CampaignPreview } from '#shared/campaigns';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/campaigns';

/** While a campaign is being sent, its counts are read again every two seconds. */
const SENDING_REFRESH_MS = 2000;
const isSending = (campaign: AdminCampaign) =>
  campaign.status === 'queued' || campaign.status === 'sending' || campaign.counts.queued > 0;

export const adminCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.campaigns(),
    queryFn: () => apiFetch<{ data: AdminCampaign[] }>(BASE),
    refetchInterval: (query) =>
      query.state.data?.data.some(isSending) ? SENDING_REFRESH_MS : false,
  });

export const adminCampaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.campaign(id),
    queryFn: () => apiFetch<{ data: AdminCampaign }>(`${BASE}/${id}`).then((r) => r.data),
    refetchInterval: (query) =>
      query.state.data && isSending(query.state.data) ? SENDING_REFRESH_MS : false,
  });

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const adminCampaignsApi = {
  create: (draft: CampaignDraft) =>
    apiFetch<{ data: AdminCampaign }>(BASE, json('POST', draft)).then((r) => r.data),
  update: (id: string, draft: CampaignDraft) =>
    apiFetch<{ data: AdminCampaign }>(`${BASE}/${id}`, json('PATCH', draft)).then((r) => r.data),
  preview: (draft: Pick<CampaignDraft, 'subject' | 'bodyMarkdown'>) =>
    apiFetch<CampaignPreview>(`${BASE}/preview`, json('POST', draft)),
  audienceSize: (id: string) =>
    apiFetch<{ recipients: number }>(`${BASE}/${id}/audience`).then((r) => r.recipients),
  sendTest: (id: string) => apiFetch<{ to: string }>(`${BASE}/${id}/test`, json('POST')),
  send: (id: string) =>
    apiFetch<{ data: AdminCampaign }>(`${BASE}/${id}/send`, json('POST')).then((r) => r.data),
};
