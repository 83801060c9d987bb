import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    heading: 'Agreeing to these terms',
    body: [
      ({ name }) =>
        `These terms apply whenever you browse the ${name} store, create an account or buy a product. By placing an order you accept them, together with our privacy policy and the license that comes with each product.`,
    ],
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: [
      'You do not need an account to buy, but if you create one you must give a real email address, keep your password private and tell us if you think someone else has used your account. You are responsible for purchases made through it. You must be at least 16, or have a parent’s permission, to create an account.',
    ],
  },
  {
    id: 'orders-and-prices',
    heading: 'Orders and prices',
    body: [
      'Prices are shown in US dollars. Any applicable sales tax is calculated and shown before you pay. Promo codes give the stated percentage off your subtotal, one code per order, and cannot be exchanged for cash.',
      'Your order is accepted when your payment succeeds and we send your confirmation. If a price was shown in clear error we may cancel the order and refund you in full.',
    ],
  },
  {
    id: 'delivery',
    heading: 'Delivery and downloads',
    body: [
      'Products are delivered digitally, as soon as your payment is confirmed. Each purchase includes 3 downloads for each copy bought; the Download Hub shows how many remain. Download links are personal and expire shortly after they are issued. Please keep a backup of your files.',
    ],
    see: { to: '/download-hub', label: 'Open the Download Hub' },
  },
  {
    id: 'refunds',
    heading: 'Refunds and the 30-day guarantee',
    body: [
      'If you are not happy with a product, ask for a refund within 30 days of purchase and we will refund the full price to your original payment method, usually within 5-10 business days. Just contact support with your order number and tell us briefly what went wrong.',
      'When a product is refunded, its license ends and you must delete the files. We may refuse refunds where the guarantee is being clearly abused, for example repeated purchase-and-refund of the same products.',
    ],
    see: { to: '/support', label: 'Contact support' },
  },
  {
    id: 'license',
    heading: 'Using what you buy',
    body: [
      'Every product comes with a license that sets out how you may use it. In short: sample and MIDI packs are royalty-free for your music, and plugins and apps are licensed to you as a single user. The files themselves may not be resold or shared.',
    ],
    see: { to: '/license', label: 'Read the full license' },
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: [
      {
        list: [
          'Do not try to get around download limits, license checks or payment.',
          'Do not scrape the store, overload it or probe it for weaknesses without our written permission.',
          'Do not use the support form or newsletter signup to send spam or abuse.',
        ],
      },
      'We may suspend accounts that break these rules.',
    ],
  },
  {
    id: 'liability',
    heading: 'Our responsibility to you',
    body: [
      'We make every effort to describe products accurately and to keep the store running, but we cannot promise it will never be interrupted. As far as the law allows, our total liability for any claim about a product is limited to the price you paid for it. Nothing in these terms limits your statutory rights as a consumer.',
    ],
  },
  {
    id: 'changes-and-contact',
    heading: 'Changes and contact',
    body: [
      ({ supportEmail }) =>
        `We may update these terms; the version in force when you order applies to that order. Questions? Email ${supportEmail}.`,
    ],
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="June 1, 2025"
      intro={({ name }) =>
        `The rules for shopping at ${name}: how orders, downloads and refunds work, and what we expect from each other.`
      }
      sections={sections}
    />
  );
}
