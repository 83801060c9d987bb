import type { ApiKeyView } from '#shared/api-keys';
import { Button } from '#web/components/ui/button';
import { AdminTable, type AdminColumn } from '../admin-table';
import { adminApiKeysApi } from '../api/api-keys';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';

const dateTime = (iso: string | null) =>
  iso ? <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)}`}</time> : 'Never';

/** Whether the key still works: revoked, expired or active. */
function statusOf(key: ApiKeyView, now = Date.now()) {
  if (key.revokedAt) return 'Revoked';
  return new Date(key.expiresAt).getTime() <= now ? 'Expired' : 'Active';
}

/** Every key with its prefix, scopes and dates (UTC); an active one can be revoked. */
export function ApiKeyTable({ keys }: { keys: ApiKeyView[] }) {
  const columns: AdminColumn<ApiKeyView>[] = [
    {
      header: 'Key',
      cellClassName: '[overflow-wrap:anywhere]',
      cell: (key) => (
        <>
          <span className="font-medium text-white">{key.name}</span>
          <code className="block font-mono text-xs text-zinc-400">{key.prefix}…</code>
        </>
      ),
    },
    {
      header: 'Scopes',
      cellClassName: 'text-zinc-300',
      cell: (key) => (
        <ul className="flex flex-wrap gap-1">
          {key.scopes.map((scope) => (
            <li key={scope}>
              <code className="rounded bg-zinc-800 px-1.5 py-0.5 font-mono text-xs">{scope}</code>
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Status', cellClassName: 'text-zinc-300', cell: (key) => statusOf(key) },
    {
      header: 'Created (UTC)',
      cellClassName: 'whitespace-nowrap text-zinc-400',
      cell: (key) => dateTime(key.createdAt),
    },
    {
      header: 'Last used (UTC)',
      cellClassName: 'whitespace-nowrap text-zinc-400',
      cell: (key) => dateTime(key.lastUsedAt),
    },
    {
      header: 'Expires (UTC)',
      cellClassName: 'whitespace-nowrap text-zinc-400',
      cell: (key) => dateTime(key.expiresAt),
    },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cellClassName: 'text-right',
      cell: (key) =>
        key.revokedAt ? null : (
          <ConfirmWriteDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="text-red-300 hover:text-red-200"
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            }
            title={`Revoke ${key.name}?`}
            confirm="Revoke"
            pending="Revoking..."
            run={() => adminApiKeysApi.revoke(key.id)}
            done="API key revoked"
          >
            Whatever uses this key is refused from its next request. This cannot be undone.
          </ConfirmWriteDialog>
        ),
    },
  ];
  return (
    <AdminTable
      label="API keys"
      widthClassName="min-w-[56rem]"
      columns={columns}
      rows={keys}
      rowKey={(key) => key.id}
      cellAlign="top"
      stackOnPhone
    />
  );
}
