import { describe, expect, it } from 'vitest';
import { encodePeaks } from '#shared/waveform';
import { waveformPath } from './waveform-bars';

describe('a waveform’s bars', () => {
  it('draws one bar per peak, as tall as the peak, centred', () => {
    const { path, bars } = waveformPath(encodePeaks(new Uint8Array([255, 0, 51])), 3);
    expect(bars).toBe(3);
    expect(path).toBe('M0.15 0h0.7v100h-0.7zM1.15 48h0.7v4h-0.7zM2.15 40h0.7v20h-0.7z');
  });

  it('summarises more peaks than bars into the loudest of each share', () => {
    const peaks = new Uint8Array(1000);
    peaks[10] = 255;
    const { path, bars } = waveformPath(encodePeaks(peaks), 100);
    expect(bars).toBe(100);
    expect(path.split('M')[2]).toBe('1.15 0h0.7v100h-0.7z');
  });
});
