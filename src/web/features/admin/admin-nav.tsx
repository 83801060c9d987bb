import { NavLink } from 'react-router';
import { ADMIN_NAV_LINKS } from './admin-nav-links';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? 'bg-brand-600/15 text-brand-200' : 'text-zinc-300 hover:bg-zinc-800 hover:text-white'
  }`;

/**
 * The admin's sections: a sidebar from `lg`, a row of links across the top below it (it
 * scrolls sideways if the sections outgrow a phone). Plain links: Tab and Enter reach each.
 */
export function AdminNav() {
  return (
    <nav aria-label="Store admin" className="border-b border-zinc-800 pb-3 lg:border-b-0 lg:pb-0">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-zinc-400 uppercase lg:block">
        Store admin
      </p>
      <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
        {ADMIN_NAV_LINKS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={linkClass}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
