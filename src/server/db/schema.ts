// Every table, for drizzle-kit (drizzle.config.ts) and for code that queries several of them.
// Only re-exports: a table file imports what it references from that table's own file.
export * from './catalogue-schema';
export * from './newsletter-schema';
export * from './support-schema';
export * from './auth-schema';
export * from './outbox-schema';
export * from './rate-limit-schema';
export * from './cart-schema';
export * from './orders-schema';
export * from './downloads-schema';
export * from './instance-schema';
export * from './wishlist-schema';
export * from './admin-schema';
export * from './uploads-schema';
export * from './settings-schema';
export * from './invoices-schema';
export * from './licenses-schema';
export * from './versions-schema';
export * from './reviews-schema';
export * from './campaigns-schema';
export * from './billing-schema';
export * from './cart-reminders-schema';
export * from './webhooks-schema';
export * from './affiliates-schema';
export * from './sales-schema';
