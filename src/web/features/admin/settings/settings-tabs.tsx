import { NavLink } from 'react-router';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-600/15 text-brand-200' : 'text-zinc-300 hover:bg-zinc-800 hover:text-white'
  }`;

/**
 * The settings' pages: the store, its legal pages, tax, the seller details invoices print, the
 * promises and the cart reminders.
 */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings" className="mb-6 flex flex-wrap gap-2">
      <NavLink to="/admin/settings/store" className={tabClass}>
        Store
      </NavLink>
      <NavLink to="/admin/settings/pages" className={tabClass}>
        Pages
      </NavLink>
      <NavLink to="/admin/settings/tax" className={tabClass}>
        Tax
      </NavLink>
      <NavLink to="/admin/settings/seller" className={tabClass}>
        Seller details
      </NavLink>
      <NavLink to="/admin/settings/promises" className={tabClass}>
        Promises
      </NavLink>
      <NavLink to="/admin/settings/reminders" className={tabClass}>
        Reminders
      </NavLink>
    </nav>
  );
}
