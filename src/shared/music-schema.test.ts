import { describe, expect, it } from 'vitest';
import { NO_MUSICAL_FACTS } from './music';
import { musicalFactsInputSchema, musicMessages } from './music-schema';

const messagesOf = (input: unknown) => {
  const result = musicalFactsInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('musicalFactsInputSchema', () => {
  it('takes a tempo or range, a key and lists from the vocabularies', () => {
    expect(
      musicalFactsInputSchema.parse({
        bpmMin: 88,
        key: 'D minor',
        genres: ['soul', 'hip-hop'],
        formats: ['wav'],
      }),
    ).toEqual({
      ...NO_MUSICAL_FACTS,
      bpmMin: 88,
      bpmMax: 88,
      key: 'D minor',
      genres: ['soul', 'hip-hop'],
      formats: ['wav'],
    });
    expect(musicalFactsInputSchema.parse({ bpmMin: 90, bpmMax: 120 })).toMatchObject({
      bpmMin: 90,
      bpmMax: 120,
    });
    expect(musicalFactsInputSchema.parse({})).toEqual(NO_MUSICAL_FACTS);
  });

  it('refuses each fact out of its rules with the message for it', () => {
    expect(messagesOf({ bpmMin: 19 })).toEqual({ bpmMin: musicMessages.bpm });
    expect(messagesOf({ bpmMin: 90, bpmMax: 1000 })).toEqual({ bpmMax: musicMessages.bpm });
    expect(messagesOf({ bpmMin: 90.5 })).toEqual({ bpmMin: musicMessages.bpm });
    expect(messagesOf({ bpmMin: 120, bpmMax: 90 })).toEqual({ bpmMax: musicMessages.bpmRange });
    expect(messagesOf({ bpmMax: 90 })).toEqual({ bpmMin: musicMessages.bpmMaxAlone });
    expect(messagesOf({ key: 'Db major' })).toEqual({ key: musicMessages.key });
    expect(messagesOf({ genres: ['polka'] })).toEqual({ 'genres.0': musicMessages.genres });
    expect(messagesOf({ daws: ['reaper', 'reaper'] })).toEqual({ daws: musicMessages.repeated });
    expect(messagesOf({ systems: ['beos'] })).toEqual({ 'systems.0': musicMessages.systems });
  });
});
