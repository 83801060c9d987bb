import { z } from 'zod';
import {
  BPM_LIMITS,
  daws,
  formats,
  genres,
  instruments,
  musicKeys,
  systems,
  type MusicalFacts,
} from './music';

/**
 * The musical facts as the admin's product editor sends them, checked the same in
 * the form and by POST/PATCH /api/admin/products: a tempo from 20 to 999 BPM (a range with its
 * highest not below its lowest), one of the 24 keys, and each list from its vocabulary
 * (#shared/music) without repeats. A lowest BPM alone is one tempo: the highest becomes the
 * same.
 */

export const musicMessages = {
  bpm: `BPM must be a whole number from ${BPM_LIMITS.min} to ${BPM_LIMITS.max}`,
  bpmRange: 'The highest BPM must not be below the lowest',
  bpmMaxAlone: 'Enter the lowest BPM too, or leave both empty',
  key: 'Choose a key from the list',
  genres: 'Choose genres from the list',
  instruments: 'Choose instruments from the list',
  formats: 'Choose formats from the list',
  systems: 'Choose operating systems from the list',
  daws: 'Choose DAWs from the list',
  repeated: 'Choose each one only once',
} as const;

const bpm = z.nullable(
  z
    .int(musicMessages.bpm)
    .check(z.gte(BPM_LIMITS.min, musicMessages.bpm), z.lte(BPM_LIMITS.max, musicMessages.bpm)),
);

/* @__NO_SIDE_EFFECTS__ */
function list<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z._default(
    z
      .array(z.enum(values, message), message)
      .check(z.refine((items) => new Set(items).size === items.length, musicMessages.repeated)),
    [],
  );
}

const asTuple = <T extends string>(values: readonly T[]) => values as [T, ...T[]];

export const musicalFactsInputSchema = z.pipe(
  z
    .object({
      bpmMin: z._default(bpm, null),
      bpmMax: z._default(bpm, null),
      key: z._default(z.nullable(z.enum(asTuple(musicKeys), musicMessages.key)), null),
      genres: list(asTuple(genres.values), musicMessages.genres),
      instruments: list(asTuple(instruments.values), musicMessages.instruments),
      formats: list(asTuple(formats.values), musicMessages.formats),
      systems: list(asTuple(systems.values), musicMessages.systems),
      daws: list(asTuple(daws.values), musicMessages.daws),
    })
    .check((ctx) => {
      const { bpmMin, bpmMax } = ctx.value;
      if (bpmMin === null && bpmMax !== null) {
        ctx.issues.push({
          code: 'custom',
          message: musicMessages.bpmMaxAlone,
          path: ['bpmMin'],
          input: bpmMin,
        });
      } else if (bpmMin !== null && bpmMax !== null && bpmMax < bpmMin) {
        ctx.issues.push({
          code: 'custom',
          message: musicMessages.bpmRange,
          path: ['bpmMax'],
          input: bpmMax,
        });
      }
    }),
  z.transform((facts): MusicalFacts => ({ ...facts, bpmMax: facts.bpmMax ?? facts.bpmMin })),
);
export type MusicalFactsInput = z.input<typeof musicalFactsInputSchema>;
