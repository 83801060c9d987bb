import type { ComponentType } from 'react';
import type { PayWhatYouWant } from '#shared/pay-what-you-want';
import type { Product } from '#shared/catalogue';
import { PayAmountField, usePayAmount } from '#web/components/product/pay-amount';
import type { BuyingButtonsProps } from './buying-buttons-props';

/**
 * A pay-what-you-want product: the buyer's amount first, asked for by both buttons (the
 * purchase panel's, passed in). A chunk of its own: the rule and its field load only on such a
 * product's page.
 */
export function PayWhatYouWantOptions({
  product,
  terms,
  Buttons,
}: {
  product: Product;
  terms: PayWhatYouWant;
  Buttons: ComponentType<BuyingButtonsProps>;
}) {
  const amount = usePayAmount(terms, product.name);
  return (
    <Buttons product={product} chooseAmount={amount.choose}>
      <PayAmountField state={amount} />
    </Buttons>
  );
}
