import {
  FolderTree,
  Handshake,
  FileSpreadsheet,
  KeyRound,
  KeySquare,
  LayoutDashboard,
  LifeBuoy,
  ListTodo,
  Mail,
  Megaphone,
  MessageSquareText,
  Package,
  Percent,
  Receipt,
  Settings,
  TicketPercent,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface AdminNavLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on its own path (the dashboard), not on the pages under it. */
  end?: boolean;
}

/** The admin's sections, in the sidebar's order; a section joins once its page exists. */
export const ADMIN_NAV_LINKS: AdminNavLink[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree },
  { to: '/admin/orders', label: 'Orders', icon: Receipt },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/licenses', label: 'Licences', icon: KeyRound },
  { to: '/admin/promo-codes', label: 'Promo codes', icon: TicketPercent },
  { to: '/admin/sales', label: 'Sales', icon: Percent },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Mail },
  { to: '/admin/campaigns', label: 'Campaigns', icon: Megaphone },
  { to: '/admin/affiliates', label: 'Affiliates', icon: Handshake },
  { to: '/admin/reviews', label: 'Reviews', icon: MessageSquareText },
  { to: '/admin/support', label: 'Support', icon: LifeBuoy },
  { to: '/admin/reports/tax', label: 'Tax report', icon: FileSpreadsheet },
  { to: '/admin/jobs', label: 'Jobs', icon: ListTodo },
  { to: '/admin/api-keys', label: 'API keys', icon: KeySquare },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];
