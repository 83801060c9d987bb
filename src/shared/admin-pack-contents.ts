import { z } from 'zod';
import { BPM_LIMITS, musicKeys, packItemKinds, type PackItem } from './music';

/**
 * The product editor's list of a pack's contents: the owner renames, retypes,
 * retimes, reorders and removes items, and saves the whole list at once.
 */

export const PACK_ITEM_NAME_MAX = 120;

export const packContentsMessages = {
  nameRequired: 'Each item needs a name',
  nameTooLong: `An item's name must be at most ${PACK_ITEM_NAME_MAX} characters`,
  kind: 'Choose loop, one-shot or MIDI',
  bpm: `BPM must be a whole number from ${BPM_LIMITS.min} to ${BPM_LIMITS.max}`,
  key: 'Choose one of the 24 keys',
  unknownItem: 'The list names an item this product does not hold',
  duplicate: 'The list names an item twice',
} as const;

export const packItemEditSchema = z.object({
  id: z.string(),
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, packContentsMessages.nameRequired),
      z.maxLength(PACK_ITEM_NAME_MAX, packContentsMessages.nameTooLong),
    ),
  kind: z.enum(packItemKinds, packContentsMessages.kind),
  bpm: z.nullable(
    z
      .int(packContentsMessages.bpm)
      .check(
        z.gte(BPM_LIMITS.min, packContentsMessages.bpm),
        z.lte(BPM_LIMITS.max, packContentsMessages.bpm),
      ),
  ),
  key: z.nullable(z.enum(musicKeys, packContentsMessages.key)),
});
export type PackItemEdit = z.infer<typeof packItemEditSchema>;

/** PUT /api/admin/products/:id/contents: the list as it should be, in order; items left out go. */
export const packContentsEditSchema = z.object({ items: z.array(packItemEditSchema) });
export type PackContentsEdit = z.infer<typeof packContentsEditSchema>;

/** What the editor edits of an item. */
export function packItemEditOf(item: PackItem): PackItemEdit {
  return { id: item.id, name: item.name, kind: item.kind, bpm: item.bpm, key: item.key };
}
