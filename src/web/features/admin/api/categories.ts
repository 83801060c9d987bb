import { queryOptions } from '@tanstack/react-query';
import type {
  AdminCategory,
  CreateCategoryInput,
  UpdateCategoryInput,
} from '#shared/admin-categories';
import { catalogueKeys } from '#web/api/catalogue';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';
import { useAdminWrite } from './admin-write';

const BASE = '/api/admin/categories';
const one = (request: Promise<{ data: AdminCategory }>) => request.then((r) => r.data);
const all = (request: Promise<{ data: AdminCategory[] }>) => request.then((r) => r.data);
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: () => all(apiFetch(BASE)),
  });

export const adminCategoriesApi = {
  create: (input: CreateCategoryInput) => one(apiFetch(BASE, send('POST', input))),
  update: (id: string, input: UpdateCategoryInput) =>
    one(apiFetch(`${BASE}/${id}`, send('PATCH', input))),
  changeSlug: (id: string, slug: string) =>
    one(apiFetch(`${BASE}/${id}/slug`, send('PUT', { slug }))),
  reorder: (ids: string[]) => all(apiFetch(`${BASE}/order`, send('PUT', { ids }))),
  remove: (id: string) => apiFetch<null>(`${BASE}/${id}`, { method: 'DELETE' }),
};

/**
 * A write to the categories: afterwards the admin's lists and the dashboard are read again,
 * and so is the store's own category list in this tab.
 */
export const categoryWriteRefreshes = [catalogueKeys.categories()];

export function useCategoryMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  return useAdminWrite(run, categoryWriteRefreshes);
}
