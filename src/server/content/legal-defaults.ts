import type { LegalPage } from '#shared/store-brand';

/**
 * The privacy policy, terms and licence a store starts with (the texts these pages had when
 * they were fixed in code), as Markdown. {{store_name}} and {{support_email}} stand for the
 * store settings' name and support address wherever a page is shown, in the owner's texts too.
 */
export const DEFAULT_LEGAL_UPDATED_ON = '2025-06-01';

export const DEFAULT_LEGAL_MARKDOWN: Record<LegalPage, string> = {
  privacy: `Your privacy matters to us. This policy explains what personal data {{store_name}} collects when you shop with us, why we collect it, and the choices you have.

## What we collect

We collect only what we need to sell you products, deliver your files and answer your questions:

- Account details: your email address, your name if you give it, and a securely hashed password.
- Order details: the products you buy, the amounts paid, the promo code used, and the billing name and address you enter at checkout.
- Download records: when you download a file, the time, your IP address and your browser’s user agent, so we can enforce download limits and stop abuse.
- Messages: what you send through the support form, and the email address you sign up to our newsletter with.

Card numbers are entered directly into our payment processor’s secure form. They never reach our servers and we never store them.

## How we use it

- To process your payments, deliver your downloads and show your order history.
- To send emails you need, such as receipts, email confirmation and password reset links.
- To send our newsletter, only if you subscribed; every issue has an unsubscribe link.
- To answer support requests and to protect the store against fraud.

We do not sell your personal data, and we do not use it for advertising profiles.

## Cookies and local storage

When you sign in we set one essential session cookie that keeps you signed in; it cannot be read by scripts on the page. If you shop without an account, your cart is kept in your own browser’s local storage. We do not use third-party advertising or tracking cookies.

## Who we share it with

We share data only with the services that run the store for us, and only what each one needs: our payment processor (to take payments), our email provider (to deliver emails) and our hosting and file storage providers. Each is bound by a data processing agreement. We may also disclose data when the law requires it.

## How long we keep it

We keep your account for as long as it is open. Order records are kept for as long as tax law requires, usually seven years. Download logs are kept for two years, and support messages for two years after the conversation ends.

## Your rights

You can see and correct your name in your profile at any time. You can also ask us for a copy of your data, to correct or delete it, or to stop a particular use of it. Write to us and we will answer within 30 days. You may also complain to your local data protection authority.

[Go to your profile](/profile)

## Security

All traffic is encrypted with HTTPS, passwords are hashed, and download links are signed and expire quickly. No system is perfectly secure, but we will tell you promptly if a breach ever affects your data.

## Changes and contact

If we change this policy we will update the date at the top, and tell you by email when the change matters. Questions about your privacy? Email {{support_email}}.
`,
  terms: `The rules for shopping at {{store_name}}: how orders, downloads and refunds work, and what we expect from each other.

## Agreeing to these terms

These terms apply whenever you browse the {{store_name}} store, create an account or buy a product. By placing an order you accept them, together with our privacy policy and the license that comes with each product.

## Your account

You do not need an account to buy, but if you create one you must give a real email address, keep your password private and tell us if you think someone else has used your account. You are responsible for purchases made through it. You must be at least 16, or have a parent’s permission, to create an account.

## Orders and prices

Prices are shown in US dollars. Any applicable sales tax is calculated and shown before you pay. Promo codes give the stated percentage off your subtotal, one code per order, and cannot be exchanged for cash.

Your order is accepted when your payment succeeds and we send your confirmation. If a price was shown in clear error we may cancel the order and refund you in full.

## Delivery and downloads

Products are delivered digitally, as soon as your payment is confirmed. Each purchase includes 3 downloads for each copy bought; the Download Hub shows how many remain. Download links are personal and expire shortly after they are issued. Please keep a backup of your files.

[Open the Download Hub](/download-hub)

## Refunds

Where a product page promises a money-back guarantee, ask for a refund within the days it names and we will refund the full price to your original payment method, usually within 5-10 business days. Just contact support with your order number and tell us briefly what went wrong. Your rights under the law of your country apply whatever the product page says.

When a product is refunded, its license ends and you must delete the files. We may refuse refunds where a guarantee is being clearly abused, for example repeated purchase-and-refund of the same products.

[Contact support](/support)

## Using what you buy

Every product comes with a license that sets out how you may use it. In short: sample and MIDI packs are royalty-free for your music, and plugins and apps are licensed to you as a single user. The files themselves may not be resold or shared.

[Read the full license](/license)

## Acceptable use

- Do not try to get around download limits, license checks or payment.
- Do not scrape the store, overload it or probe it for weaknesses without our written permission.
- Do not use the support form or newsletter signup to send spam or abuse.

We may suspend accounts that break these rules.

## Our responsibility to you

We make every effort to describe products accurately and to keep the store running, but we cannot promise it will never be interrupted. As far as the law allows, our total liability for any claim about a product is limited to the price you paid for it. Nothing in these terms limits your statutory rights as a consumer.

## Changes and contact

We may update these terms; the version in force when you order applies to that order. Questions? Email {{support_email}}.
`,
  license: `This royalty-free license applies to every sample pack, MIDI pack, plugin and app you buy from {{store_name}}. It is written in plain English so you know exactly what you can do with your sounds.

## The short version

Buy a sample pack or MIDI pack once and use the sounds in your music forever, anywhere, royalty-free, with no credit required. Just do not pass the sounds themselves on to anyone else, and do not sell them as sounds.

## Words we use

- “Sounds” means the audio samples, loops, one-shots, MIDI files and presets in a product you bought from {{store_name}}.
- “Your music” means a musical work you create in which the Sounds are combined with other material, such as a song, beat, remix, score, podcast, game or video soundtrack.
- “You” means the individual person who bought the product, or the company that bought it for one named employee.

{{store_name}} and its sound designers keep the copyright in the Sounds. What you buy is a license: a permanent, worldwide, non-exclusive right to use them as this page describes.

## What you may do

- Use the Sounds in your music, whether commercial or non-commercial, released or unreleased.
- Sell, stream and distribute your music on any platform, in any quantity, and keep 100% of what it earns.
- Use your music in broadcast, film, TV, advertising, games, podcasts and online video, including sync licensing to third parties.
- Edit, chop, pitch, re-sample, process and re-arrange the Sounds, and change the notes, timing and instruments of the MIDI files.
- Register your music with collecting societies and content ID services, as long as you only claim your music and not the Sounds on their own.

You do not need to credit {{store_name}}, although we always love hearing what you make.

## What you may not do

- Resell, give away or redistribute the Sounds as they are, or in any form where they can be extracted, including as sample packs, sound libraries, construction kits, MIDI packs or preset banks.
- Share the Sounds or your download with anyone else, including bandmates, students or other producers; each person needs their own license.
- Use the Sounds in a product that competes with ours, such as a sample-based instrument, a loop library, an AI training data set or a sound-generating app.
- Upload the Sounds on their own, or with little added, to streaming or content ID services.

Collaborating is fine: you may send a project containing the Sounds to a co-writer, mixing or mastering engineer to work on your music, as long as they do not keep or reuse the Sounds.

## Plugins and apps

Plugins, apps and productivity software are licensed to one person, not sold. Your single-user license lets you:

- Install and activate the software on up to 3 computers that you own or use, as long as only you use it.
- Move an activation to a new computer by deactivating it on an old one.
- Use everything you make with the software, including audio rendered through it and presets you design, without restriction.

You may not share your license key or account, resell or transfer the license, or reverse engineer the software except where the law allows it. Companies and schools that need more seats can write to us for a multi-user license.

## When the license ends

Your license lasts forever unless you break these terms. If you do, it ends, and you must stop using the Sounds in new work and delete your copies. Music you released before the license ended in good faith stays yours.

If you receive a refund, the license for that product ends and you must delete the files.

[Refunds](/terms#refunds)

## Questions

Not sure whether your project is covered? Ask us before you release it at {{support_email}}, or through the support form, and we will give you a clear answer in writing.

[Contact support](/support)
`,
};
