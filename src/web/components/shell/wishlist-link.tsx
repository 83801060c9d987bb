import { NavLink } from 'react-router';
import { Heart } from 'lucide-react';

/** The header's way to the wishlist, for guests and signed-in buyers alike. */
export function WishlistLink() {
  return (
    <NavLink
      to="/wishlist"
      aria-label="Wishlist"
      className={({ isActive }) =>
        `grid size-10 place-items-center rounded-lg transition-colors hover:bg-zinc-800 hover:text-white ${
          isActive ? 'bg-zinc-800/80 text-white' : 'text-zinc-300'
        }`
      }
    >
      <Heart aria-hidden="true" className="size-5" />
    </NavLink>
  );
}
