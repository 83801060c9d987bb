import { describe, expect, it } from 'vitest';
import { faviconSvg, placeholderSvg, renderCoverArt } from './cover-art';

const unescapedAmpersand = /&(?!amp;|lt;|gt;|quot;|apos;)/;

describe('renderCoverArt', () => {
  const input = {
    key: 'rock-and-roll',
    name: 'Rock & Roll <Live>',
    categoryName: 'Audio & MIDI Packs',
    variant: 1,
  };

  it('escapes XML in the product and category names', () => {
    const svg = renderCoverArt(input);
    expect(svg).toContain('Rock &amp; Roll');
    expect(svg).toContain('&lt;Live&gt;');
    expect(svg).toContain('AUDIO &amp; MIDI PACKS');
    expect(svg).not.toContain('<Live>');
    expect(svg).not.toMatch(unescapedAmpersand);
  });

  it('is a square SVG that is stable per product and differs per variant', () => {
    const svg = renderCoverArt(input);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 800 800"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(renderCoverArt(input)).toBe(svg);
    expect(renderCoverArt({ ...input, variant: 2 })).not.toBe(svg);
    expect(renderCoverArt({ ...input, key: 'other-product' })).not.toBe(svg);
  });

  it('keeps every word of a long name on the cover', () => {
    const name = 'Synthwave Nights Construction Kit Deluxe Edition With Bonus Stems';
    const svg = renderCoverArt({ ...input, name });
    const text = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' ');
    expect(text).toBe(name);
  });
});

describe('site images', () => {
  it('the favicon uses the brand violet and the placeholder is a plain SVG', () => {
    expect(faviconSvg()).toContain('#8b5cf6');
    expect(placeholderSvg()).toMatch(/^<svg /);
  });
});
