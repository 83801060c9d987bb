import { eq } from 'drizzle-orm';
import type { Account } from '#shared/account';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/app-error';
import { waysIn } from './ways-in';

export async function getAccount(db: Db, userId: string): Promise<Account> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'User not authenticated');
  return {
    id: user.id,
    email: user.email,
    fullName: user.name,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
    hasPassword: (await waysIn(db, user.id)).password,
    createdAt: user.createdAt.toISOString(),
  };
}
