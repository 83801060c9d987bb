import type { SupportMessage } from '#shared/support';
import type { Db } from '../db/client';
import { supportMessages } from '../db/schema';

/** Keeps a contact message for the support team. */
export async function saveSupportMessage(db: Db, message: SupportMessage): Promise<{ id: string }> {
  const [row] = await db
    .insert(supportMessages)
    .values(message)
    .returning({ id: supportMessages.id });
  if (!row) throw new Error('support message not stored');
  return row;
}
