/** SPEC §2: the user menu's pages (and the wishlist, issue 15); the menu is highlighted on each. */
export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'My Profile' },
  { to: '/order-history', label: 'Order History' },
  { to: '/download-hub', label: 'Download Hub' },
  { to: '/wishlist', label: 'Wishlist' },
] as const;

export const isAccountPath = (pathname: string) =>
  ACCOUNT_LINKS.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
