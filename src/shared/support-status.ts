/**
 * Where a support message stands in the admin's inbox: open until the store replies (answered),
 * closed when nothing more is to be done; a closed one can be reopened, and a reply to it
 * answers it again. No zod here: the admin's pages read these without classic zod.
 */
export const supportStatuses = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

export const supportStatusLabels: Record<SupportStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};
