import { queryOptions } from '@tanstack/react-query';
import type {
  LegalPages,
  LegalPagesInput,
  StoreSettings,
  StoreSettingsInput,
} from '#shared/store-settings-schema';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const SETTINGS = '/api/admin/settings';
const write = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

export const storeSettingsKeys = {
  store: [...adminKeys.all, 'settings', 'store'] as const,
  pages: [...adminKeys.all, 'settings', 'pages'] as const,
};

export const storeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: storeSettingsKeys.store,
    queryFn: () => apiFetch<StoreSettings>(`${SETTINGS}/store`),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

export const legalPagesQueryOptions = () =>
  queryOptions({
    queryKey: storeSettingsKeys.pages,
    queryFn: () => apiFetch<LegalPages>(`${SETTINGS}/pages`),
    staleTime: Infinity,
  });

export const storeSettingsApi = {
  saveStore: (input: StoreSettingsInput) =>
    apiFetch<StoreSettings>(`${SETTINGS}/store`, write('PUT', input)),
  savePages: (input: LegalPagesInput) =>
    apiFetch<LegalPages>(`${SETTINGS}/pages`, write('PUT', input)),
  preview: (markdown: string) =>
    apiFetch<{ html: string }>(`${SETTINGS}/pages/preview`, write('POST', { markdown })),
};
