import { z } from 'zod';

/** Lowercase words of letters and digits joined by single hyphens, as the seeded slugs are. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const categoryLimits = { name: 60, slug: 100, description: 500 } as const;

export const categoryMessages = {
  nameRequired: 'Enter a name',
  nameTooLong: `Use at most ${categoryLimits.name} characters`,
  slugRequired: 'Enter a slug',
  slugTooLong: `Use at most ${categoryLimits.slug} characters`,
  slugFormat: 'Use lowercase letters, digits and single hyphens',
  descriptionTooLong: `Use at most ${categoryLimits.description} characters`,
  slugTaken: 'Another category already uses this slug',
  notEmpty: 'This category still has products. Move or delete them first.',
  orderChanged: 'The categories changed while you were ordering them. Reload and try again.',
  notFound: 'Category not found',
} as const;

/**
 * Each field's rules as zod checks. The schemas below apply them in the browser (zod/mini,
 * which compiles nothing, so the store's Content-Security-Policy sees no `new Function` probe);
 * the server's routes rebuild the same schemas in classic zod for the OpenAPI contract.
 */
export const categoryFieldChecks = {
  name: [
    z.trim(),
    z.minLength(1, categoryMessages.nameRequired),
    z.maxLength(categoryLimits.name, categoryMessages.nameTooLong),
  ],
  slug: [
    z.trim(),
    z.minLength(1, categoryMessages.slugRequired),
    z.maxLength(categoryLimits.slug, categoryMessages.slugTooLong),
    z.regex(CATEGORY_SLUG_PATTERN, categoryMessages.slugFormat),
  ],
  description: [
    z.trim(),
    z.maxLength(categoryLimits.description, categoryMessages.descriptionTooLong),
  ],
} as const;

/** Of a name and a description, at least one is changed. */
export const NOTHING_TO_UPDATE = 'Change the name or the description';
export const changesSomething = (input: { name?: string; description?: string }) =>
  input.name !== undefined || input.description !== undefined;

/** POST /api/admin/categories; an empty description is stored as none. */
export const createCategorySchema = z.object({
  name: z.string().check(...categoryFieldChecks.name),
  slug: z.string().check(...categoryFieldChecks.slug),
  description: z._default(z.string().check(...categoryFieldChecks.description), ''),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;
export type CreateCategory = z.output<typeof createCategorySchema>;

/** PATCH /api/admin/categories/:id: the name, the description, or both. */
export const updateCategorySchema = z
  .object({
    name: z.optional(z.string().check(...categoryFieldChecks.name)),
    description: z.optional(z.string().check(...categoryFieldChecks.description)),
  })
  .check(z.refine(changesSomething, NOTHING_TO_UPDATE));
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>;
export type UpdateCategory = z.output<typeof updateCategorySchema>;

/** PUT /api/admin/categories/:id/slug: the old slug keeps working as a redirect. */
export const categorySlugInputSchema = z.object({
  slug: z.string().check(...categoryFieldChecks.slug),
});

/** The most categories one order may name (PUT /api/admin/categories/order). */
export const MAX_ORDERED_CATEGORIES = 1000;

/** A category as the admin lists it. */
export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  position: number;
  /** Every product in it, active or not: only an empty category can be deleted. */
  productCount: number;
}

/** A slug from a name, as a suggestion the owner may edit: 'Drum Kits!' → 'drum-kits'. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, categoryLimits.slug)
    .replace(/-+$/, '');
}
