import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PackContentsEdit } from '#shared/admin-pack-contents';
import type { ProductEditorInput, ProductEditorPatch } from '#shared/admin-product';
import type { AdminBundle, BundleSettingsInput } from '#shared/bundles';
import type { PackItem } from '#shared/music';
import { extractionRunning, type PackExtractionView } from '#shared/pack-extraction';
import type {
  AdminBulkRequest,
  AdminProduct,
  AdminProductPage,
  AuditEntryView,
} from '#shared/admin-products-api';
import { IMAGE_UPLOADS_PATH, PREVIEW_UPLOADS_PATH } from '#shared/upload-limits';
import type { ImageUpload, PreviewUpload } from '#shared/uploads';
import { catalogueKeys } from '#web/api/catalogue';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/products';
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const one = (request: Promise<{ data: AdminProduct }>) => request.then((r) => r.data);

/** The list's query as the URL holds it (GET /api/admin/products parses it). */
export type ProductListParams = Record<string, string | undefined>;

export const adminProductPageQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: adminKeys.productPages(params),
    queryFn: () => apiFetch<AdminProductPage>(`${BASE}${toQuery(params)}`),
    // The page on screen stays while the next one (another filter, page or sort) loads.
    placeholderData: keepPreviousData,
  });

export const adminProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.product(id),
    queryFn: () => one(apiFetch(`${BASE}/${id}`)),
    // The editor keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

/** The product's audit log, newest first (every save refreshes it: it sits under adminKeys.all). */
export const adminProductAuditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.productAudit(id),
    queryFn: () => apiFetch<{ data: AuditEntryView[] }>(`${BASE}/${id}/audit`).then((r) => r.data),
  });

/** A pack's items in list order, any status (the editor keeps what it read, as the product's). */
export const adminPackContentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.product(id), 'contents'],
    queryFn: () => apiFetch<{ data: PackItem[] }>(`${BASE}/${id}/contents`).then((r) => r.data),
    staleTime: Infinity,
  });

/**
 * The reading of the pack's uploaded ZIP: asked again every second while it is queued or
 * running, so the editor shows its progress; then left alone.
 */
export const adminPackExtractionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.product(id), 'extraction'],
    queryFn: () =>
      apiFetch<{ data: PackExtractionView | null }>(`${BASE}/${id}/extraction`).then((r) => r.data),
    refetchInterval: (query) => (extractionRunning(query.state.data ?? null) ? 1000 : false),
  });

/** The "Bundle and upgrades" panel's values (the editor keeps what it read, as the product's). */
export const adminBundleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.product(id), 'bundle'],
    queryFn: () => apiFetch<{ data: AdminBundle }>(`${BASE}/${id}/bundle`).then((r) => r.data),
    staleTime: Infinity,
  });

/** Products whose names match, any status, for the panel's pickers. */
export const adminProductSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.productPages({ q, pageSize: 8 }),
    queryFn: () => apiFetch<AdminProductPage>(`${BASE}${toQuery({ q, pageSize: 8 })}`),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const adminProductsApi = {
  saveBundle: (id: string, input: BundleSettingsInput) =>
    apiFetch<{ data: AdminBundle }>(`${BASE}/${id}/bundle`, send('PUT', input)).then((r) => r.data),
  saveContents: (id: string, edit: PackContentsEdit) =>
    apiFetch<{ data: PackItem[] }>(`${BASE}/${id}/contents`, send('PUT', edit)).then((r) => r.data),
  create: (input: ProductEditorInput) => one(apiFetch(BASE, send('POST', input))),
  update: (id: string, patch: ProductEditorPatch) =>
    one(apiFetch(`${BASE}/${id}`, send('PATCH', patch))),
  bulk: (request: AdminBulkRequest) =>
    apiFetch<{ updated: number }>(`${BASE}/bulk`, send('POST', request)),
};

/** A product write changes what the store lists and shows, in this tab too. */
export const productWriteRefreshes = [catalogueKeys.all];

const form = (file: File) => {
  const body = new FormData();
  body.set('file', file);
  return { method: 'POST', body };
};

/** Cover images and audio previews: one request each (small files, checked by content). */
export const mediaUploadsApi = {
  image: (file: File) =>
    apiFetch<{ image: ImageUpload }>(IMAGE_UPLOADS_PATH, form(file)).then((r) => r.image),
  preview: (file: File) =>
    apiFetch<{ preview: PreviewUpload }>(PREVIEW_UPLOADS_PATH, form(file)).then((r) => r.preview),
};
