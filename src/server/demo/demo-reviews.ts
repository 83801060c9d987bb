import { v5 as uuidv5 } from 'uuid';
import type { Db } from '../db/client';
import { orderItems, orders, reviews, users } from '../db/schema';
import { demoProductId, demoProducts, isPack } from './demo-catalogue';
import type { DemoProduct } from './demo-types';

/**
 * The demo catalogue's ratings as rows: a few demo buyers, a completed order for each product
 * they reviewed, and their reviews (each product's `reviewStars`). The rating columns
 * follow from the rows by the trigger, so every star in the demo store has a row behind it.
 * Ids derive from names, so seeding again finds the same rows.
 */

const DEMO_NAMESPACE = '9d0a4f0e-8a52-4f4e-9a43-2c5d3f6b7e10';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who bought and reviewed: no password, so nobody signs in as them. */
export const demoBuyers = [
  'Maya Okafor',
  'Leo Brandt',
  'Sofia Marquez',
  'Kenji Watanabe',
  'Amara Nwosu',
  'Elliot Park',
  'Hannah Lindqvist',
  'Tomás Ribeiro',
] as const;

const buyerId = (name: string) => uuidv5(`buyer:${name}`, DEMO_NAMESPACE);
const buyerEmail = (name: string) =>
  `${name
    .normalize('NFD')
    .replace(/[^\w ]/g, '')
    .toLowerCase()
    .replace(/ /g, '.')}@buyers.loopmarket.invalid`;

type Words = { title: string; text: string };

/** What producers say of a pack, by stars. */
const packWords: Record<number, Words[]> = {
  5: [
    {
      title: 'Straight into the session',
      text: 'Every loop is labelled with key and tempo, so I was writing within minutes. The mix already sits right.',
    },
    {
      title: 'My go-to pack this year',
      text: 'Warm, characterful and clean at the same time. I have used it on three beats this week.',
    },
    {
      title: 'Worth every cent',
      text: 'The one-shots alone are worth it. Nothing needed EQ before it went into the track.',
    },
    {
      title: 'Great variety',
      text: 'Lots of variations of each idea, so a whole track can come from this pack without sounding repetitive.',
    },
    {
      title: 'The MIDI is a bonus',
      text: 'Having the MIDI next to the audio made it easy to change the sound and keep the groove.',
    },
    {
      title: 'Sounds like a record',
      text: 'Recorded with care: you can hear the room and the gear. It gave my drafts the finish they lacked.',
    },
    {
      title: 'Exactly as the preview',
      text: 'What you hear in the preview is what you get, and the rest of the pack is just as good.',
    },
  ],
  4: [
    {
      title: 'Very good, a few fillers',
      text: 'Most loops are excellent; a handful are variations I will not use. Still a great buy.',
    },
    {
      title: 'Solid and well organised',
      text: 'Clear folder names and tempos in the file names. I would have liked a few more one-shots.',
    },
    {
      title: 'Lovely tone',
      text: 'The tone is lovely. Some loops are a bit long for quick sketching, but they chop well.',
    },
    {
      title: 'Good value',
      text: 'Good value for the price. The drums are the highlight; the bass loops are fine.',
    },
    {
      title: 'Inspiring',
      text: 'Got two ideas out of it on the first evening. Took a point off for a few clicks at loop ends.',
    },
    {
      title: 'Nice character',
      text: 'Nice character and easy to layer. A couple more keys would have made it perfect.',
    },
    {
      title: 'Does the job',
      text: 'Does what it says. The processing is tasteful and it fits the genre well.',
    },
  ],
  3: [
    {
      title: 'Decent, not for me',
      text: 'Well made, but more vintage than I expected. Good if that is the sound you are after.',
    },
    { title: 'Some gems', text: 'A few gems in here, the rest is ordinary. Worth it on sale.' },
    { title: 'OK', text: 'Fine loops, nothing I had not heard before. The organisation is good.' },
  ],
};

/** What users say of a plugin, an app or a template, by stars. */
const softwareWords: Record<number, Words[]> = {
  5: [
    {
      title: 'Light on the CPU, big on sound',
      text: 'Runs dozens of instances without a hiccup and sounds better than tools twice the price.',
    },
    {
      title: 'Instant favourite',
      text: 'The presets are usable as they are and the interface makes sense at first sight.',
    },
    {
      title: 'Activation was painless',
      text: 'Key in, activated in seconds on both machines. Then it just works.',
    },
    {
      title: 'Saved me hours',
      text: 'It does one job and does it very well. My sessions are faster since I started using it.',
    },
    {
      title: 'Great support too',
      text: 'Asked a question about a setting and got a clear answer the same day. The tool itself is superb.',
    },
    {
      title: 'Does exactly what I need',
      text: 'No bloat, sensible defaults, and the manual answers everything.',
    },
    {
      title: 'Better than the big names',
      text: 'I compared it with the tools everyone uses and kept this one.',
    },
  ],
  4: [
    {
      title: 'Very good',
      text: 'Very good sound and workflow. A resizable window would make it perfect.',
    },
    {
      title: 'Great presets',
      text: 'The factory presets cover most of what I need. A few parameters could use finer steps.',
    },
    { title: 'Solid', text: 'Stable in every host I tried. The learning curve is short.' },
    {
      title: 'Nearly perfect',
      text: 'Sounds great; I miss a few more preset categories, but updates keep coming.',
    },
    {
      title: 'Good tool',
      text: 'Good tool with a clean interface. Would love a bypass crossfade.',
    },
    {
      title: 'Useful every day',
      text: 'I use it on most tracks now. The manual could have more examples.',
    },
    {
      title: 'Worth it',
      text: 'Worth the price. The sound is clear and the controls respond well.',
    },
  ],
  3: [
    {
      title: 'Good but niche',
      text: 'Does what it promises, but I reach for it less often than I thought I would.',
    },
    { title: 'Average', text: 'Works fine. The presets are hit and miss for my style.' },
    {
      title: 'OK for the price',
      text: 'Fair for the price; the interface took me a while to get used to.',
    },
  ],
};

interface DemoReviewRow {
  product: DemoProduct;
  buyer: string;
  stars: number;
  words: Words;
  /** Oldest reviews first, a few days apart, never before the product itself. */
  daysAgo: number;
}

/** Each product's reviews, written by distinct buyers in turn. */
export function demoReviewRows(): DemoReviewRow[] {
  return demoProducts.flatMap((product, index) => {
    const words = isPack(product) ? packWords : softwareWords;
    const count = product.reviewStars.length;
    return product.reviewStars.map((stars, position) => {
      const choices = words[Math.min(5, Math.max(3, stars))]!;
      return {
        product,
        buyer: demoBuyers[(index + position) % demoBuyers.length]!,
        stars,
        words: choices[(index + position) % choices.length]!,
        daysAgo: Math.max(
          0,
          product.createdDaysAgo -
            1 -
            Math.floor(((position + 1) * product.createdDaysAgo) / (count + 1)),
        ),
      };
    });
  });
}

/**
 * Stores the demo buyers, their completed orders and their reviews, inside the seed's
 * transaction (after the products). Rows already there are left as they are (a review the owner
 * hid stays hidden).
 */
export async function writeDemoReviews(tx: Db, now: Date): Promise<number> {
  // Answers how many reviews the demo ships, whether written now or kept from an earlier run.
  const rows = demoReviewRows();
  await tx
    .insert(users)
    .values(
      demoBuyers.map((name) => ({
        id: buyerId(name),
        name,
        email: buyerEmail(name),
        emailVerified: true,
      })),
    )
    .onConflictDoNothing();

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const lines = rows.map((row) => ({
    ...row,
    orderId: uuidv5(`order:${row.buyer}:${row.product.key}`, DEMO_NAMESPACE),
    itemId: uuidv5(`order-item:${row.buyer}:${row.product.key}`, DEMO_NAMESPACE),
    paidAt: at(row.daysAgo + 2),
  }));
  // One order per purchase, paid a couple of days before the review.
  await tx
    .insert(orders)
    .values(
      lines.map((line) => ({
        id: line.orderId,
        userId: buyerId(line.buyer),
        email: buyerEmail(line.buyer),
        status: 'COMPLETED' as const,
        checkoutType: 'direct' as const,
        subtotalCents: line.product.priceCents,
        taxCents: 0,
        totalCents: line.product.priceCents,
        provider: 'local' as const,
        completedAt: line.paidAt,
        createdAt: line.paidAt,
        updatedAt: line.paidAt,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        id: line.itemId,
        orderId: line.orderId,
        productId: demoProductId(line.product.key),
        quantity: 1,
        unitPriceCents: line.product.priceCents,
        downloadsRemaining: line.product.downloadLimit ?? 3,
        createdAt: line.paidAt,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(reviews)
    .values(
      lines.map((line) => ({
        productId: demoProductId(line.product.key),
        userId: buyerId(line.buyer),
        orderItemId: line.itemId,
        rating: line.stars,
        title: line.words.title,
        body: line.words.text,
        createdAt: at(line.daysAgo),
        updatedAt: at(line.daysAgo),
      })),
    )
    .onConflictDoNothing();
  return rows.length;
}
