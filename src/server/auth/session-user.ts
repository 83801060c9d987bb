/** The signed-in user as every request sees it (set by session.ts's currentUser). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'customer' | 'admin';
  emailVerified: boolean;
}
