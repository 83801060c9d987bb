/** The header's main navigation, part of the shell on every page. */
export const NAV_LINKS = [
  { to: '/products', label: 'Products' },
  { to: '/learn', label: 'Learn' },
  { to: '/support', label: 'Support' },
  { to: '/about', label: 'About' },
] as const;
