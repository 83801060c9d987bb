import { createRng, hashString, type Rng } from './prng';
import { escapeXml } from './xml';

export interface CoverArtInput {
  key: string;
  name: string;
  categoryName: string;
  /** 1 for the main image; 2 and 3 are alternative layouts and colours of the same product. */
  variant: number;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
}

const PALETTES: readonly Palette[] = [
  { from: '#1e1b4b', to: '#7c3aed', accent: '#f0abfc' },
  { from: '#0f172a', to: '#0e7490', accent: '#67e8f9' },
  { from: '#431407', to: '#ea580c', accent: '#fde68a' },
  { from: '#052e16', to: '#15803d', accent: '#bef264' },
  { from: '#3b0764', to: '#db2777', accent: '#fbcfe8' },
  { from: '#172554', to: '#2563eb', accent: '#fcd34d' },
  { from: '#1c1917', to: '#57534e', accent: '#fb923c' },
  { from: '#4a044e', to: '#f43f5e', accent: '#fef08a' },
];

const SIZE = 800;
const FONT = "Inter, 'Helvetica Neue', Arial, sans-serif";

function paletteFor(key: string, variant: number): Palette {
  const palette = PALETTES[(hashString(key) + (variant - 1) * 3) % PALETTES.length];
  return palette ?? { from: '#111827', to: '#8b5cf6', accent: '#ffffff' };
}

/** Greedy word wrap into at most three lines, so long names stay on the cover. */
function wrapName(name: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= 3) return lines;
  return [...lines.slice(0, 2), `${lines.slice(2).join(' ')}`];
}

function waveformPath(rng: Rng, centerY: number, amplitude: number): string {
  const partials = [1, 2, 3].map((n) => ({
    freq: n * (2 + rng() * 3),
    phase: rng() * Math.PI * 2,
    gain: 1 / n,
  }));
  const points: string[] = [];
  for (let x = 60; x <= SIZE - 60; x += 8) {
    const u = (x - 60) / (SIZE - 120);
    const value = partials.reduce(
      (sum, p) => sum + p.gain * Math.sin(u * p.freq * Math.PI * 2 + p.phase),
      0,
    );
    const y = centerY + amplitude * Math.sin(u * Math.PI) * value * 0.6;
    points.push(`${points.length === 0 ? 'M' : 'L'}${x} ${y.toFixed(1)}`);
  }
  return points.join(' ');
}

function shapes(layout: number, rng: Rng, palette: Palette): string {
  if (layout === 0) {
    const circles = [0, 1, 2]
      .map(() => {
        const r = 80 + rng() * 180;
        return `<circle cx="${(rng() * SIZE).toFixed(0)}" cy="${(rng() * 420).toFixed(0)}" r="${r.toFixed(0)}" fill="${palette.accent}" opacity="0.12"/>`;
      })
      .join('');
    return `${circles}<path d="${waveformPath(rng, 330, 150)}" fill="none" stroke="${palette.accent}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  if (layout === 1) {
    const lines: string[] = [];
    for (let i = 80; i < SIZE; i += 80) {
      lines.push(
        `<line x1="${i}" y1="0" x2="${i}" y2="${SIZE}"/><line x1="0" y1="${i}" x2="${SIZE}" y2="${i}"/>`,
      );
    }
    const bars = Array.from({ length: 16 }, (_, i) => {
      const h = 40 + rng() * 220;
      return `<rect x="${88 + i * 40}" y="${(560 - h).toFixed(0)}" width="24" height="${h.toFixed(0)}" rx="6"/>`;
    }).join('');
    return `<g stroke="#ffffff" stroke-opacity="0.08" stroke-width="2">${lines.join('')}</g><circle cx="560" cy="250" r="170" fill="none" stroke="${palette.accent}" stroke-width="14" opacity="0.5"/><g fill="${palette.accent}" opacity="0.85">${bars}</g>`;
  }
  const cx = 250 + rng() * 300;
  const rings = [260, 200, 140, 80]
    .map(
      (r, i) =>
        `<circle cx="${cx.toFixed(0)}" cy="300" r="${r}" fill="none" stroke="${palette.accent}" stroke-width="${4 + i * 3}" opacity="${(0.2 + i * 0.2).toFixed(1)}"/>`,
    )
    .join('');
  return `${rings}<circle cx="${cx.toFixed(0)}" cy="300" r="26" fill="${palette.accent}"/>`;
}

export function renderCoverArt(input: CoverArtInput): string {
  const palette = paletteFor(input.key, input.variant);
  const rng = createRng(hashString(`${input.key}#${input.variant}`));
  // The main image's layout also varies by product, so a grid of covers does not look uniform.
  const layout = (hashString(input.key) + input.variant - 1) % 3;
  const lines = wrapName(input.name, 16);
  const longest = Math.max(...lines.map((line) => line.length));
  const fontSize = longest > 13 ? 58 : 68;
  const firstY = SIZE - 90 - (lines.length - 1) * fontSize * 1.1;
  const tspans = lines
    .map(
      (line, i) =>
        `<tspan x="60" y="${(firstY + i * fontSize * 1.1).toFixed(0)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">`,
    `<title>${escapeXml(input.name)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="${layout === 1 ? 1 : 0}" x2="1" y2="${layout === 1 ? 0 : 1}">`,
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    shapes(layout, rng, palette),
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#shade)"/>`,
    `<text x="60" y="90" font-family="${FONT}" font-size="26" font-weight="600" letter-spacing="4" fill="${palette.accent}">${escapeXml(input.categoryName.toUpperCase())}</text>`,
    `<text font-family="${FONT}" font-size="${fontSize}" font-weight="800" fill="#ffffff">${tspans}</text>`,
    `</svg>`,
  ].join('\n');
}

/** Shown when a product has no image: neutral, so it never looks like a real cover. */
export function placeholderSvg(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">`,
    `<title>No image</title>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="#e5e7eb"/>`,
    `<path d="M240 400 h60 l30 -90 l45 180 l45 -240 l45 300 l40 -210 l30 60 h65" fill="none" stroke="#9ca3af" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<text x="400" y="640" text-anchor="middle" font-family="${FONT}" font-size="40" fill="#6b7280">No image</text>`,
    `</svg>`,
  ].join('\n');
}

/** A loop arrow around a short waveform, in the brand violet. */
export function faviconSvg(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">`,
    `<rect width="64" height="64" rx="14" fill="#8b5cf6"/>`,
    `<path d="M47.6 41A18 18 0 1 1 43.6 18.2" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M49.5 23.5L45.9 13.6L39.4 21.4z" fill="#ffffff" stroke="#ffffff" stroke-width="1.5" stroke-linejoin="round"/>`,
    `<path d="M20 32h4l3-7l5 14l4-10l3 3h5" fill="none" stroke="#ffffff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    `</svg>`,
  ].join('\n');
}
