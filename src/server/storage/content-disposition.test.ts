import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it.each([
    ['Drum-Pack.zip', 'attachment; filename="Drum-Pack.zip"'],
    ['Lo-Fi Keys (Vol. 2).zip', 'attachment; filename="Lo-Fi Keys (Vol. 2).zip"'],
    ['a;b.zip', 'attachment; filename="a;b.zip"'],
    ['Say "Hi".zip', `attachment; filename="Say _Hi_.zip"; filename*=UTF-8''Say%20%22Hi%22.zip`],
    ['back\\slash.zip', `attachment; filename="back_slash.zip"; filename*=UTF-8''back%5Cslash.zip`],
    [
      'evil\r\nSet-Cookie: x=1.zip',
      `attachment; filename="evil__Set-Cookie: x=1.zip"; filename*=UTF-8''evil%0D%0ASet-Cookie%3A%20x%3D1.zip`,
    ],
    [
      'Café Beats.zip',
      `attachment; filename="Caf_ Beats.zip"; filename*=UTF-8''Caf%C3%A9%20Beats.zip`,
    ],
    [
      'ドラム.zip',
      `attachment; filename="___.zip"; filename*=UTF-8''%E3%83%89%E3%83%A9%E3%83%A0.zip`,
    ],
    [
      '100%; "x".wav',
      `attachment; filename="100_; _x_.wav"; filename*=UTF-8''100%25%3B%20%22x%22.wav`,
    ],
    ["it's (1)*.zip", `attachment; filename="it's (1)*.zip"`],
    ['tab\there.zip', `attachment; filename="tab_here.zip"; filename*=UTF-8''tab%09here.zip`],
  ])('%j → %s', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });

  it('always makes a value a header can carry, even from a lone surrogate', () => {
    const header = attachmentDisposition('bad\uD800name.zip');
    expect(header).toBe(
      `attachment; filename="bad_name.zip"; filename*=UTF-8''bad%EF%BF%BDname.zip`,
    );
    expect(() => new Headers({ 'Content-Disposition': header })).not.toThrow();
  });

  it("encodes the RFC 5987 value's non-attr-chars even where encodeURIComponent would not", () => {
    expect(attachmentDisposition("é'()*.zip")).toBe(
      `attachment; filename="_'()*.zip"; filename*=UTF-8''%C3%A9%27%28%29%2A.zip`,
    );
  });
});
