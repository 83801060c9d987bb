import { useState } from 'react';
import { NavLink } from 'react-router';
import { Search } from 'lucide-react';
import { SearchDialog } from '#web/components/search/search-dialog';
import { useSearchShortcut } from '#web/components/search/use-search-shortcut';
import { AccountNav } from './account-nav';
import { CartButton } from './cart-button';
import { MobileNav } from './mobile-nav';
import { NAV_LINKS } from './nav-links';
import { Wordmark } from './wordmark';
import { WishlistLink } from './wishlist-link';
import { Container } from '#web/components/ui/container';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-zinc-800/80 text-white' : 'text-zinc-400 hover:text-white'
  }`;

export function SiteHeader() {
  const [searchOpen, setSearchOpen] = useState(false);
  useSearchShortcut(() => setSearchOpen(true));

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800/80 bg-zinc-950/85 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-4">
        <div className="flex items-center gap-1">
          <MobileNav />
          <Wordmark />
        </div>
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <button
            type="button"
            onClick={() => setSearchOpen(true)}
            aria-label="Search products"
            aria-keyshortcuts="Control+K Meta+K /"
            className="flex h-10 items-center gap-2 rounded-lg px-2.5 text-zinc-300 transition-colors hover:bg-zinc-800 hover:text-white lg:w-56 lg:border lg:border-zinc-800 lg:bg-zinc-900 lg:text-zinc-400"
          >
            <Search aria-hidden="true" className="size-5 lg:size-4" />
            <span className="hidden text-sm lg:inline">Search...</span>
            <kbd className="ml-auto hidden rounded border border-zinc-700 px-1.5 font-sans text-[11px] text-zinc-400 lg:inline">
              Ctrl K
            </kbd>
          </button>
          <WishlistLink />
          <CartButton />
          <AccountNav />
        </div>
      </Container>
      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
    </header>
  );
}
