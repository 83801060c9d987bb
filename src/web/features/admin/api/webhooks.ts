import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '#shared/webhooks';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/webhooks';
const send = (method: string, body: unknown = {}) => ({ method, body: JSON.stringify(body) });
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Deliveries move on their own (the worker sends beside the page): read again every 5 s. */
const REFRESH_MS = 5000;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.webhooks(),
    queryFn: () => apiFetch<{ data: WebhookEndpoint[] }>(BASE).then((r) => r.data),
  });

export const webhookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.webhook(id),
    queryFn: () => apiFetch<{ data: WebhookEndpoint }>(path(id)).then((r) => r.data),
    refetchInterval: REFRESH_MS,
  });

export const webhookDeliveriesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.webhookDeliveries(id, page),
    queryFn: () =>
      apiFetch<WebhookDeliveryPage>(`${path(id)}/deliveries${toQuery({ page: String(page) })}`),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const webhookDeliveryQueryOptions = (id: string, deliveryId: string) =>
  queryOptions({
    queryKey: adminKeys.webhookDelivery(id, deliveryId),
    queryFn: () =>
      apiFetch<{ data: WebhookDeliveryDetail }>(`${path(id)}/deliveries/${deliveryId}`).then(
        (r) => r.data,
      ),
  });

export const adminWebhooksApi = {
  create: (input: CreateWebhookInput) =>
    apiFetch<{ data: WebhookEndpoint; secret: string }>(BASE, send('POST', input)),
  update: ({ id, input }: { id: string; input: UpdateWebhookInput }) =>
    apiFetch<{ data: WebhookEndpoint }>(path(id), send('PATCH', input)).then((r) => r.data),
  remove: (id: string) => apiFetch<null>(path(id), { method: 'DELETE' }),
  secret: (id: string) => apiFetch<{ secret: string }>(`${path(id)}/secret`).then((r) => r.secret),
  rotate: (id: string) =>
    apiFetch<{ secret: string }>(`${path(id)}/secret/rotate`, send('POST')).then((r) => r.secret),
  test: (id: string) =>
    apiFetch<{ data: WebhookDelivery }>(`${path(id)}/test`, send('POST')).then((r) => r.data),
  replay: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    apiFetch<{ data: WebhookDelivery }>(
      `${path(id)}/deliveries/${deliveryId}/replay`,
      send('POST'),
    ).then((r) => r.data),
};
