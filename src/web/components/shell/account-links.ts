/** SPEC §2: the user menu's pages; the menu is highlighted on each of them. */
export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'My Profile' },
  { to: '/order-history', label: 'Order History' },
  { to: '/download-hub', label: 'Download Hub' },
] as const;

export const isAccountPath = (pathname: string) =>
  ACCOUNT_LINKS.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
