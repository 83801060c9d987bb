import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changelogSummary,
  compareVersions,
  isUpdated,
  latestOf,
  parseVersion,
  publishVersionSchema,
  fileTitle,
} from './versions';

const part = fc.integer({ min: 0, max: 5000 });
const release = fc.array(part, { minLength: 1, maxLength: 4 }).map((ns) => ns.join('.'));
const preId = fc.oneof(part.map(String), fc.constantFrom('alpha', 'beta', 'rc', 'dev'));
const pre = fc.array(preId, { minLength: 1, maxLength: 3 }).map((ids) => ids.join('.'));
const version = fc
  .tuple(release, fc.option(pre, { nil: undefined }))
  .map(([r, p]) => (p ? `${r}-${p}` : r));

describe('compareVersions', () => {
  it.each([
    ['1.10.0', '1.9.2', 1],
    ['2.0', '2.0.0', 0],
    ['v2.0.0', '2.0', 0],
    ['2.0.0-beta.1', '2.0.0', -1],
    ['2.0.0-beta.2', '2.0.0-beta.10', -1],
    ['2.0.0-alpha', '2.0.0-beta', -1],
    ['2.0.0-1', '2.0.0-alpha', -1],
    ['1.0.0-rc.1', '0.9.9', 1],
    ['1.2.3.4', '1.2.3', 1],
  ])('%s against %s is %d', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected || 0);
  });

  it('is antisymmetric and reflexive', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersions(a, a)).toBe(0);
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) || 0);
      }),
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const sorted = [a, b, c].sort(compareVersions);
        expect(compareVersions(sorted[0]!, sorted[2]!)).toBeLessThanOrEqual(0);
        expect(compareVersions(sorted[0]!, sorted[1]!)).toBeLessThanOrEqual(0);
        expect(compareVersions(sorted[1]!, sorted[2]!)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('ignores trailing zero parts', () => {
    fc.assert(
      fc.property(release, fc.integer({ min: 1, max: 3 }), (r, zeros) => {
        expect(
          compareVersions(r, `${r}${'.0'.repeat(zeros)}`.split('.').slice(0, 4).join('.')),
        ).toBe(0);
      }),
    );
  });

  it('puts every pre-release below its release, and raising a part above it', () => {
    fc.assert(
      fc.property(release, pre, (r, p) => {
        expect(compareVersions(`${r}-${p}`, r)).toBe(-1);
        const bumped = r
          .split('.')
          .map((n, i) => (i === 0 ? Number(n) + 1 : n))
          .join('.');
        expect(compareVersions(bumped, r)).toBe(1);
        expect(compareVersions(bumped, `${r}-${p}`)).toBe(1);
      }),
    );
  });

  it('refuses what is not a version', () => {
    for (const text of ['', 'one', '1.', '1..2', '1.2.3.4.5', '1.0-', '1.0+build', '-1']) {
      expect(parseVersion(text)).toBeNull();
    }
    expect(() => compareVersions('x', '1.0')).toThrow();
  });
});

describe('latestOf', () => {
  it('picks the highest, whatever the order given', () => {
    fc.assert(
      fc.property(fc.array(version, { minLength: 1, maxLength: 8 }), (versions) => {
        const latest = latestOf(versions.map((v) => ({ version: v })))!.version;
        for (const v of versions) expect(compareVersions(latest, v)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(latestOf([])).toBeUndefined();
  });
});

describe('isUpdated', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 0, d));
  const latest = { version: '1.1.0', createdAt: day(10) };

  it('compares the latest with the version last downloaded', () => {
    expect(
      isUpdated({ latest, lastDownload: { version: '1.0.0', at: day(20) }, purchasedAt: day(1) }),
    ).toBe(true);
    expect(
      isUpdated({ latest, lastDownload: { version: '1.1', at: day(5) }, purchasedAt: day(1) }),
    ).toBe(false);
    // An older version downloaded again after the latest came out is still behind.
    expect(
      isUpdated({
        latest,
        lastDownload: { version: '1.0.0-beta', at: day(30) },
        purchasedAt: day(1),
      }),
    ).toBe(true);
  });

  it('without a recorded version, compares dates: the last download, else the purchase', () => {
    expect(
      isUpdated({ latest, lastDownload: { version: null, at: day(5) }, purchasedAt: day(1) }),
    ).toBe(true);
    expect(
      isUpdated({ latest, lastDownload: { version: null, at: day(11) }, purchasedAt: day(1) }),
    ).toBe(false);
    expect(isUpdated({ latest, lastDownload: undefined, purchasedAt: day(9) })).toBe(true);
    expect(isUpdated({ latest, lastDownload: undefined, purchasedAt: day(11) })).toBe(false);
  });

  it('is never updated without versions', () => {
    expect(isUpdated({ latest: undefined, lastDownload: undefined, purchasedAt: day(1) })).toBe(
      false,
    );
  });
});

describe('changelogSummary', () => {
  it('drops Markdown marks and cuts at 280 characters', () => {
    expect(
      changelogSummary('## Fixes\n\n- **Faster** [load](https://x.test)\n- `Crash` fixed'),
    ).toBe('Fixes Faster load Crash fixed');
    const long = changelogSummary('word '.repeat(200));
    expect(long.length).toBeLessThanOrEqual(280);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('publishVersionSchema', () => {
  const upload = '9b2e7c1e-4a51-4f0a-8f7b-2a1d7e3c5b66';
  const ok = (files: { platform: string; uploadId: string; label?: string }[]) =>
    publishVersionSchema.safeParse({ version: '1.1.0', files }).success;
  const file = (platform: string, label?: string) => ({ platform, uploadId: upload, label });

  it.each([
    ['one file for all platforms', [file('any')], true],
    ['one per platform', [file('macos'), file('windows')], true],
    ['formats for all platforms', [file('any', 'WAV 24-bit'), file('any', 'MIDI')], true],
    ['a manual beside installers', [file('any', 'Manual'), file('macos'), file('linux')], true],
    ['one platform twice, unlabelled', [file('macos'), file('macos')], false],
    ['one format twice (case aside)', [file('any', 'MIDI'), file('any', ' midi ')], false],
    ['no file', [], false],
    ['21 files', Array.from({ length: 21 }, (_, i) => file('any', `F${i}`)), false],
  ])('%s: %s', (_name, files, expected) => {
    expect(ok(files)).toBe(expected);
  });
});

describe('fileTitle', () => {
  it.each([
    [{ label: 'WAV 24-bit', platform: 'any' as const }, 'WAV 24-bit'],
    [{ label: null, platform: 'macos' as const }, 'macOS'],
    [{ label: 'Installer', platform: 'windows' as const }, 'Installer · Windows'],
    [{ label: '', platform: 'any' as const }, 'All platforms'],
  ])('%o reads %s', (file, title) => {
    expect(fileTitle(file)).toBe(title);
  });
});
