import { queryOptions } from '@tanstack/react-query';
import type {
  AddVersionFileInput,
  AdminVersion,
  PublishVersionInput,
  UpdateVersionFileInput,
} from '#shared/versions';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const base = (productId: string) => `/api/admin/products/${productId}/versions`;
const send = (method: string, body?: unknown) => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const one = (request: Promise<{ data: AdminVersion }>) => request.then((r) => r.data);

/** A product's versions, highest first, withdrawn ones too. */
export const adminVersionsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...adminKeys.product(productId), 'versions'],
    queryFn: () => apiFetch<{ data: AdminVersion[] }>(base(productId)).then((r) => r.data),
  });

export const adminVersionsApi = {
  publish: (productId: string, input: PublishVersionInput) =>
    one(apiFetch(base(productId), send('POST', input))),
  setAvailable: (productId: string, versionId: string, available: boolean) =>
    one(apiFetch(`${base(productId)}/${versionId}`, send('PATCH', { available }))),
  addFile: (productId: string, versionId: string, input: AddVersionFileInput) =>
    one(apiFetch(`${base(productId)}/${versionId}/files`, send('POST', input))),
  updateFile: (
    productId: string,
    versionId: string,
    fileId: string,
    input: UpdateVersionFileInput,
  ) => one(apiFetch(`${base(productId)}/${versionId}/files/${fileId}`, send('PATCH', input))),
  removeFile: (productId: string, versionId: string, fileId: string) =>
    one(apiFetch(`${base(productId)}/${versionId}/files/${fileId}`, send('DELETE'))),
  reorderFiles: (productId: string, versionId: string, fileIds: string[]) =>
    one(apiFetch(`${base(productId)}/${versionId}/files/order`, send('PUT', { fileIds }))),
};
