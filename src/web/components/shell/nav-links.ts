/** The header's main navigation (SPEC §2 shared shell). */
export const NAV_LINKS = [
  { to: '/products', label: 'Products' },
  { to: '/learn', label: 'Learn' },
  { to: '/support', label: 'Support' },
  { to: '/about', label: 'About' },
] as const;
