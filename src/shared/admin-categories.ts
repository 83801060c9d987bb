import { z } from 'zod';
import { featuresSchema } from './promises';

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

/** Each field's rules: the browser's forms and the routes check with the schemas below. */
const categoryFields = {
  name: z
    .string()
    .trim()
    .min(1, categoryMessages.nameRequired)
    .max(categoryLimits.name, categoryMessages.nameTooLong),
  slug: z
    .string()
    .trim()
    .min(1, categoryMessages.slugRequired)
    .max(categoryLimits.slug, categoryMessages.slugTooLong)
    .regex(CATEGORY_SLUG_PATTERN, categoryMessages.slugFormat),
  description: z
    .string()
    .trim()
    .max(categoryLimits.description, categoryMessages.descriptionTooLong),
};

/** The most categories one order may name (PUT /api/admin/categories/order). */
export const MAX_ORDERED_CATEGORIES = 1000;

/** Of a name, a description and the default points, at least one is changed. */
export const NOTHING_TO_UPDATE = 'Change the name, the description or the default feature points';
export const changesSomething = (input: {
  name?: string;
  description?: string;
  defaultFeatures?: string[];
}) =>
  input.name !== undefined ||
  input.description !== undefined ||
  input.defaultFeatures !== undefined;

/** POST /api/admin/categories; an empty description is stored as none. */
export const createCategorySchema = z.object({
  name: categoryFields.name,
  slug: categoryFields.slug,
  description: categoryFields.description.default(''),
  /** The feature points a new product of this category starts with (#shared/promises). */
  defaultFeatures: featuresSchema.default([]),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;
export type CreateCategory = z.output<typeof createCategorySchema>;

/** PATCH /api/admin/categories/:id: the name, the description, the default points, or several. */
export const updateCategorySchema = z
  .object({
    name: categoryFields.name.optional(),
    description: categoryFields.description.optional(),
    defaultFeatures: featuresSchema.optional(),
  })
  .refine(changesSomething, NOTHING_TO_UPDATE);
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>;
export type UpdateCategory = z.output<typeof updateCategorySchema>;

/** PUT /api/admin/categories/:id/slug: the old slug keeps working as a redirect. */
export const categorySlugInputSchema = z.object({ slug: categoryFields.slug });

/** PUT /api/admin/categories/order: every category's id, in the new order. */
export const categoryOrderSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(MAX_ORDERED_CATEGORIES),
});

/** A category as the admin lists it. */
export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** The feature points a new product of this category starts with. */
  defaultFeatures: z.array(z.string()),
  /** Every product in it, active or not: only an empty category can be deleted. */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

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
