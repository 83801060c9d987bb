import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: [
      'We collect only what we need to sell you products, deliver your files and answer your questions:',
      {
        list: [
          'Account details: your email address, your name if you give it, and a securely hashed password.',
          'Order details: the products you buy, the amounts paid, the promo code used, and the billing name and address you enter at checkout.',
          'Download records: when you download a file, the time, your IP address and your browser’s user agent, so we can enforce download limits and stop abuse.',
          'Messages: what you send through the support form, and the email address you sign up to our newsletter with.',
        ],
      },
      'Card numbers are entered directly into our payment processor’s secure form. They never reach our servers and we never store them.',
    ],
  },
  {
    id: 'how-we-use-it',
    heading: 'How we use it',
    body: [
      {
        list: [
          'To process your payments, deliver your downloads and show your order history.',
          'To send emails you need, such as receipts, email confirmation and password reset links.',
          'To send our newsletter, only if you subscribed; every issue has an unsubscribe link.',
          'To answer support requests and to protect the store against fraud.',
        ],
      },
      'We do not sell your personal data, and we do not use it for advertising profiles.',
    ],
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: [
      'When you sign in we set one essential session cookie that keeps you signed in; it cannot be read by scripts on the page. If you shop without an account, your cart is kept in your own browser’s local storage. We do not use third-party advertising or tracking cookies.',
    ],
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: [
      'We share data only with the services that run the store for us, and only what each one needs: our payment processor (to take payments), our email provider (to deliver emails) and our hosting and file storage providers. Each is bound by a data processing agreement. We may also disclose data when the law requires it.',
    ],
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: [
      'We keep your account for as long as it is open. Order records are kept for as long as tax law requires, usually seven years. Download logs are kept for two years, and support messages for two years after the conversation ends.',
    ],
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: [
      'You can see and correct your name in your profile at any time. You can also ask us for a copy of your data, to correct or delete it, or to stop a particular use of it. Write to us and we will answer within 30 days. You may also complain to your local data protection authority.',
    ],
    see: { to: '/profile', label: 'Go to your profile' },
  },
  {
    id: 'security',
    heading: 'Security',
    body: [
      'All traffic is encrypted with HTTPS, passwords are hashed, and download links are signed and expire quickly. No system is perfectly secure, but we will tell you promptly if a breach ever affects your data.',
    ],
  },
  {
    id: 'changes-and-contact',
    heading: 'Changes and contact',
    body: [
      ({ supportEmail }) =>
        `If we change this policy we will update the date at the top, and tell you by email when the change matters. Questions about your privacy? Email ${supportEmail}.`,
    ],
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="June 1, 2025"
      intro={({ name }) =>
        `Your privacy matters to us. This policy explains what personal data ${name} collects when you shop with us, why we collect it, and the choices you have.`
      }
      sections={sections}
    />
  );
}
