import { z } from 'zod';
import { musicKeys, packItemKinds, type PackItem } from './music';

/** One item of a pack's contents (#shared/music PackItem), as GET /api/products/:id/contents answers it. */
export const packItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(packItemKinds),
  bpm: z.number().int().nullable(),
  key: z.enum(musicKeys).nullable(),
  durationMs: z.number().int(),
  previewUrl: z.string().nullable(),
  previewPeaks: z.string().nullable(),
}) satisfies z.ZodType<PackItem>;

/** What a sample or MIDI pack holds, in the order its page lists it; empty for other products. */
export const packContentsSchema = z.object({ data: z.array(packItemSchema) });
export type PackContents = z.infer<typeof packContentsSchema>;
