/**
 * `npm run bench:peaks [files…]`: what computing a preview's waveform costs the server
 * (server/audio/audio-peaks.ts): the time, the longest the event loop waits for it (other
 * requests are answered between its chunks) and the memory it adds. Without files it builds a
 * WAV of the largest size a preview may have (MAX_PREVIEW_BYTES); name MP3, FLAC or Ogg files to
 * measure those (no encoder is bundled: make them with SoX or ffmpeg).
 */
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { peaksOfAudio } from '#server/audio/audio-peaks';
import { encodeWav } from '#server/demo/assets/wav';
import { MAX_PREVIEW_BYTES } from '#shared/upload-limits';

function largestWav(): Buffer {
  const samples = new Float32Array(Math.floor((MAX_PREVIEW_BYTES - 44) / 2));
  let state = 1;
  for (let i = 0; i < samples.length; i++) {
    state = (state * 48271) % 2147483647;
    samples[i] = (state / 2147483647 - 0.5) * Math.min(1, i / samples.length + 0.1);
  }
  return encodeWav(samples);
}

async function measure(name: string, bytes: Uint8Array) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const rssBefore = process.memoryUsage().rss;
  let rssMost = rssBefore;
  const sample = setInterval(() => (rssMost = Math.max(rssMost, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const peaks = await peaksOfAudio(bytes);
  const ms = performance.now() - started;
  clearInterval(tick);
  clearInterval(sample);
  delay.disable();
  console.log(
    `${name}: ${(bytes.length / 1e6).toFixed(1)} MB → ${peaks.length} peaks in ${ms.toFixed(0)} ms;` +
      ` event loop waited at most ${longest.toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms);` +
      ` memory +${((rssMost - rssBefore) / 1e6).toFixed(0)} MB`,
  );
}

const files = process.argv.slice(2);
if (files.length === 0) await measure('generated WAV', largestWav());
for (const file of files) await measure(file, await readFile(file));
