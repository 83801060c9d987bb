import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey } from '#shared/api-keys';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/api-keys';

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.apiKeys(),
    queryFn: () => apiFetch<{ data: ApiKeyView[] }>(BASE),
  });

export const adminApiKeysApi = {
  create: (input: CreateApiKeyInput) =>
    apiFetch<CreatedApiKey>(BASE, { method: 'POST', body: JSON.stringify(input) }),
  revoke: (id: string) =>
    apiFetch<{ data: ApiKeyView }>(`${BASE}/${id}/revoke`, { method: 'POST' }),
};
