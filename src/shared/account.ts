import { z } from 'zod';

/** GET /api/account: the signed-in user's account and profile. */
export const accountSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(['customer', 'admin']),
  twoFactorEnabled: z.boolean(),
  /** Whether the account has a password (one made by an e-mailed code or a provider may not). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});

export type Account = z.infer<typeof accountSchema>;
