/** The user menu's pages (and the wishlist); the menu is highlighted on each. */
export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'My Profile' },
  { to: '/order-history', label: 'Order History' },
  { to: '/download-hub', label: 'Download Hub' },
  { to: '/wishlist', label: 'Wishlist' },
] as const;

export const isAccountPath = (pathname: string) =>
  ACCOUNT_LINKS.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));

/** The store admin, offered in the user menu to admins only. */
export const ADMIN_LINK = { to: '/admin', label: 'Store admin' } as const;

export const isAdmin = (user: { role?: string }) => user.role === 'admin';
