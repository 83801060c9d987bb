import { createExternalStore, useStore } from './external-store';

/** Whether the cart drawer is open: the header button, adding an item and the drawer share it. */
const drawer = createExternalStore(false);

export const isCartDrawerOpen = () => drawer.get();
export const openCartDrawer = () => drawer.set(true);
export const closeCartDrawer = () => drawer.set(false);
export const setCartDrawerOpen = (open: boolean) => drawer.set(open);
export const toggleCartDrawer = () => drawer.set(!drawer.get());
export const useCartDrawerOpen = () => useStore(drawer);
