import { lowPass, normalise } from './synth-voices';
import { SAMPLE_RATE } from './wav';

/** Simple offline versions of what the demo plugins do, for their before/after audio examples. */
export type EffectKind = 'saturate' | 'space' | 'compress' | 'echo';

function saturate(input: Float32Array): Float32Array {
  const out = input.map((x) => Math.tanh(x * 3.5) * 0.8 + x * 0.2);
  lowPass(out, 7000, 1); // tape rolls off the top
  return out;
}

/** A few feedback combs in parallel: a crude Schroeder reverb, plenty for a demo tail. */
function space(input: Float32Array): Float32Array {
  const wet = new Float32Array(input.length);
  for (const delayMs of [29.7, 37.1, 41.1, 43.7]) {
    const delay = Math.round((delayMs / 1000) * SAMPLE_RATE);
    const comb = new Float32Array(input.length);
    for (let i = 0; i < input.length; i++) {
      comb[i] = (input[i] ?? 0) + 0.82 * (i >= delay ? (comb[i - delay] ?? 0) : 0);
      wet[i] = (wet[i] ?? 0) + (comb[i] ?? 0) * 0.25;
    }
  }
  lowPass(wet, 5000, 1);
  return normalise(input.map((x, i) => x * 0.6 + (wet[i] ?? 0) * 0.4));
}

/** Peak follower with fast attack and slow release, then make-up gain: audibly denser drums. */
function compress(input: Float32Array): Float32Array {
  const threshold = 0.25;
  const ratio = 4;
  const attack = 1 - Math.exp(-1 / (0.003 * SAMPLE_RATE));
  const release = 1 - Math.exp(-1 / (0.15 * SAMPLE_RATE));
  let envelope = 0;
  return normalise(
    input.map((x) => {
      const level = Math.abs(x);
      envelope += (level > envelope ? attack : release) * (level - envelope);
      const gain =
        envelope > threshold ? (threshold + (envelope - threshold) / ratio) / envelope : 1;
      return x * gain;
    }),
  );
}

function echo(input: Float32Array, tempo: number): Float32Array {
  const delay = Math.round((60 / tempo) * 0.75 * SAMPLE_RATE); // a dotted eighth
  const out = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const repeat = i >= delay ? (out[i - delay] ?? 0) : 0;
    out[i] = (input[i] ?? 0) + 0.45 * repeat;
  }
  return normalise(out);
}

export function applyEffect(kind: EffectKind, input: Float32Array, tempo: number): Float32Array {
  switch (kind) {
    case 'saturate':
      return normalise(saturate(input));
    case 'space':
      return space(input);
    case 'compress':
      return compress(input);
    case 'echo':
      return echo(input, tempo);
  }
}
