/** The support page's questions, in three groups. */

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  link?: { to: string; label: string };
}

export interface FaqGroup {
  id: 'faq-general' | 'faq-technical' | 'faq-account';
  title: string;
  items: FaqItem[];
}

export const faqGroups: FaqGroup[] = [
  {
    id: 'faq-general',
    title: 'General',
    items: [
      {
        id: 'what-you-get',
        question: 'What do I get when I buy a pack?',
        answer:
          'You get the full set of files described on the product page, delivered as a download the moment your payment goes through. A receipt is emailed to you, and signed-in customers find every purchase in their Download Hub.',
      },
      {
        id: 'commercial-use',
        question: 'Can I use the sounds in music I release and sell?',
        answer:
          'Yes. Every sample and MIDI pack is royalty-free: use it in commercial and non-commercial music, streaming, broadcast and sync, with no credit required. You may not resell or share the sounds themselves.',
        link: { to: '/license', label: 'Read the license' },
      },
      {
        id: 'refunds',
        question: 'What is your refund policy?',
        answer:
          'Each product page says what that product promises: when it comes with a money-back guarantee, the page names its number of days. To ask for a refund, write to us with your order number and tell us briefly what went wrong.',
        link: { to: '/terms#refunds', label: 'Refund terms' },
      },
      {
        id: 'guest-checkout',
        question: 'Do I need an account to buy?',
        answer:
          'No. You can check out as a guest with just your email address. An account adds a saved cart, your order history and a Download Hub for your files.',
      },
      {
        id: 'promo-codes',
        question: 'How do I use a promo code?',
        answer:
          'Enter the code in the promo code box of your cart or at checkout. The discount applies to your subtotal before tax, and only one code can be used per order.',
      },
    ],
  },
  {
    id: 'faq-technical',
    title: 'Technical',
    items: [
      {
        id: 'file-formats',
        question: 'Which file formats do you use?',
        answer:
          'Samples are 24-bit WAV files, loops are labelled with tempo and key, and MIDI packs are standard .mid files that open in any DAW. Plugins come as installers for Windows and macOS; each product page lists its exact formats and system requirements.',
      },
      {
        id: 'download-limit',
        question: 'How many times can I download a purchase?',
        answer:
          'Each purchase includes 3 downloads (3 per copy bought). The Download Hub shows how many you have left. Keep a backup of your files; if you run out, contact us and we will help.',
        link: { to: '/download-hub', label: 'Open the Download Hub' },
      },
      {
        id: 'download-failed',
        question: 'My download stopped or the link expired. What now?',
        answer:
          'Download links are short-lived for security, so start the download straight away. If it was interrupted, download again from the Download Hub; if that used up your allowance, send us your order number and we will restore it.',
      },
      {
        id: 'daw-support',
        question: 'Will the sounds work in my DAW?',
        answer:
          'Yes. WAV and MIDI files work in Ableton Live, FL Studio, Logic Pro, Cubase, Studio One, Reaper, Bitwig and every other modern DAW: drag them onto a track.',
      },
    ],
  },
  {
    id: 'faq-account',
    title: 'Account',
    items: [
      {
        id: 'reset-password',
        question: 'How do I reset my password?',
        answer:
          'Choose “Forgot password?” on the sign-in page, or go straight to the reset page, and enter your email address. We will email you a link to set a new password.',
        link: { to: '/reset-password', label: 'Reset your password' },
      },
      {
        id: 'find-orders',
        question: 'Where can I see my past orders?',
        answer:
          'Sign in and open Order History from the account menu. Each order lists its items, total and status.',
        link: { to: '/order-history', label: 'Go to Order History' },
      },
      {
        id: 'change-email',
        question: 'Can I change the email address on my account?',
        answer:
          'Your email address cannot be changed from the profile page, because it identifies your purchases. Send us a message from the address you signed up with and we will move your account for you.',
      },
    ],
  },
];
