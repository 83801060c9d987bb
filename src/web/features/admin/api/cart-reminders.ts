import { queryOptions } from '@tanstack/react-query';
import type { CartReminderSettings } from '#shared/cart-reminders';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const PATH = '/api/admin/settings/cart-reminders';

/** Admin → Settings → Reminders: whether cart reminders are sent, and after how long. */
export const cartReminderSettingsKey = () =>
  [...adminKeys.all, 'settings', 'cart-reminders'] as const;

export const cartReminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: cartReminderSettingsKey(),
    queryFn: () => apiFetch<CartReminderSettings>(PATH),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

export const saveCartReminderSettings = (input: CartReminderSettings) =>
  apiFetch<CartReminderSettings>(PATH, { method: 'PUT', body: JSON.stringify(input) });
