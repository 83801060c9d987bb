import { describe, expect, it } from 'vitest';
import { describeDevice, UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from './devices';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS 17.1',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131',
      'Android 14',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Microsoft Edge 131',
      'Windows',
    ],
  ])('names %s', (userAgent, browser, system) => {
    expect(describeDevice(userAgent)).toEqual({ browser, system });
  });

  it.each([null, undefined, '', '   ', 'curl/8.4.0'])(
    'names an agent it cannot read (%j) as unknown rather than guessing',
    (userAgent) => {
      const described = describeDevice(userAgent);
      expect(described.browser).toBe(UNKNOWN_BROWSER);
      if (userAgent?.trim()) return;
      expect(described.system).toBe(UNKNOWN_SYSTEM);
    },
  );
});
