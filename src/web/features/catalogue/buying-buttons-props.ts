import type { ReactNode } from 'react';
import type { Product } from '#shared/catalogue';
import type { ChosenAmount } from '#web/cart/product-line';

/** The purchase panel's buttons (purchase-panel.tsx), as a pay-what-you-want product asks for them. */
export interface BuyingButtonsProps {
  product: Product;
  /** A pay-what-you-want product's amount, asked for on click; null when refused or cancelled. */
  chooseAmount?: () => Promise<ChosenAmount | null>;
  children?: ReactNode;
}
