import { useStoreInfo } from '#web/api/store';

/**
 * The community chat the shell and pages invite to (the store settings' community link), or
 * null while unknown or when the owner left it empty: then no page shows an invitation.
 */
export function useCommunityUrl(): string | null {
  return useStoreInfo()?.brand.communityUrl ?? null;
}
