/**
 * Quire's own cover artwork, for the AI styles when no image model is configured: a seeded generative drawing per
 * style, as SVG (vector, so it prints sharp at any size and needs no 300 dpi check). Deterministic: the same seed,
 * style, palette and aspect always give the same picture (a 32-bit hash of the seed drives a mulberry32 generator),
 * so a book keeps its artwork across edits and renders.
 *
 * The four looks follow the style briefs given to an image model (`artwork-model.ts` on the server): classic, an
 * engraved medallion on cloth; modern, a Bauhaus composition of bold shapes; minimalist, one motif in empty space;
 * vintage, layered hills under a sun, in muted inks with paper grain.
 */
import type { CoverColours, CoverStyleName } from './design.ts';

/** FNV-1a hash of a string, 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, well-distributed 32-bit generator; answers floats in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `#rrggbb` of the mix of two colours, `t` = 0 (a) to 1 (b). */
export function mixColour(a: string, b: string, t: number): string {
  const c = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  const out = [1, 3, 5].map((i) => Math.round(c(a, i) + (c(b, i) - c(a, i)) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

interface Canvas {
  w: number;
  h: number;
  rnd: () => number;
  p: CoverColours;
}

/** Classic: an engraved medallion — rings, fine radial hatching and a star rosette, in the accent on the ground. */
function classic({ w, h, rnd, p }: Canvas): string {
  const cx = w / 2;
  const cy = h * (0.45 + rnd() * 0.1);
  const r = Math.min(w, h) * (0.36 + rnd() * 0.06);
  const parts: string[] = [`<rect width="${f(w)}" height="${f(h)}" fill="${p.background}"/>`];
  const rays = 90 + Math.floor(rnd() * 60);
  const hatch: string[] = [];
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    const r0 = r * 0.62;
    const r1 = r * (0.9 + (i % 2) * 0.06);
    hatch.push(`M${f(cx + Math.cos(a) * r0)} ${f(cy + Math.sin(a) * r0)}L${f(cx + Math.cos(a) * r1)} ${f(cy + Math.sin(a) * r1)}`);
  }
  parts.push(`<path d="${hatch.join('')}" stroke="${p.accent}" stroke-width="${f(r * 0.008)}" opacity="0.7"/>`);
  for (const k of [1, 0.97, 0.6, 0.56]) {
    parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * k)}" fill="none" stroke="${p.accent}" stroke-width="${f(r * (k > 0.9 ? 0.012 : 0.02))}"/>`);
  }
  const points = 6 + Math.floor(rnd() * 4) * 2;
  const star: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const a = (i / (points * 2)) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 === 0 ? r * 0.5 : r * (0.2 + rnd() * 0.06);
    star.push(`${f(cx + Math.cos(a) * rr)},${f(cy + Math.sin(a) * rr)}`);
  }
  parts.push(`<polygon points="${star.join(' ')}" fill="${mixColour(p.background, p.accent, 0.55)}" stroke="${p.accent}" stroke-width="${f(r * 0.01)}"/>`);
  parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.12)}" fill="${p.accent}"/>`);
  // A border of small lozenges, as a bookbinder's roll would tool it.
  const m = Math.min(w, h) * 0.05;
  parts.push(`<rect x="${f(m)}" y="${f(m)}" width="${f(w - 2 * m)}" height="${f(h - 2 * m)}" fill="none" stroke="${p.accent}" stroke-width="${f(r * 0.01)}"/>`);
  return parts.join('');
}

/** Modern: a Bauhaus composition — circles, bars and half discs on a grid, in the palette and its mixes. */
function modern({ w, h, rnd, p }: Canvas): string {
  const inks = [p.accent, mixColour(p.accent, p.text, 0.45), mixColour(p.background, p.accent, 0.35), p.text, mixColour(p.accent, '#000000', 0.35)];
  const pick = () => inks[Math.floor(rnd() * inks.length)]!;
  const parts: string[] = [`<rect width="${f(w)}" height="${f(h)}" fill="${p.background}"/>`];
  const cols = 4;
  const cell = w / cols;
  const rows = Math.ceil(h / cell);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (rnd() < 0.35) continue;
      const px = x * cell;
      const py = y * cell;
      const kind = Math.floor(rnd() * 4);
      const fill = pick();
      if (kind === 0) parts.push(`<circle cx="${f(px + cell / 2)}" cy="${f(py + cell / 2)}" r="${f(cell * 0.46)}" fill="${fill}"/>`);
      else if (kind === 1) {
        const rot = Math.floor(rnd() * 4) * 90;
        parts.push(`<path d="M${f(px)} ${f(py + cell)}A${f(cell)} ${f(cell)} 0 0 1 ${f(px + cell)} ${f(py)}L${f(px + cell)} ${f(py + cell)}Z" fill="${fill}" transform="rotate(${rot} ${f(px + cell / 2)} ${f(py + cell / 2)})"/>`);
      } else if (kind === 2) parts.push(`<rect x="${f(px)}" y="${f(py + cell * 0.3)}" width="${f(cell)}" height="${f(cell * 0.4)}" fill="${fill}"/>`);
      else {
        const rot = Math.floor(rnd() * 4) * 90;
        parts.push(`<path d="M${f(px)} ${f(py)}L${f(px + cell)} ${f(py)}L${f(px)} ${f(py + cell)}Z" fill="${fill}" transform="rotate(${rot} ${f(px + cell / 2)} ${f(py + cell / 2)})"/>`);
      }
    }
  }
  // One large disc across the grid ties the composition together.
  const big = cell * (1.3 + rnd() * 0.6);
  parts.push(`<circle cx="${f(cell * (1 + Math.floor(rnd() * 3)))}" cy="${f(cell * (1 + Math.floor(rnd() * Math.max(1, rows - 2))))}" r="${f(big)}" fill="${p.accent}" opacity="0.85"/>`);
  return parts.join('');
}

/** Minimalist: one motif — a disc over a horizon line, a small counterweight — in generous empty space. */
function minimalist({ w, h, rnd, p }: Canvas): string {
  const parts: string[] = [`<rect width="${f(w)}" height="${f(h)}" fill="${p.background}"/>`];
  const horizon = h * (0.58 + rnd() * 0.12);
  const r = w * (0.16 + rnd() * 0.1);
  const cx = w * (0.3 + rnd() * 0.4);
  parts.push(`<circle cx="${f(cx)}" cy="${f(horizon - r * (0.2 + rnd() * 0.9))}" r="${f(r)}" fill="${p.accent}"/>`);
  parts.push(`<rect x="0" y="${f(horizon)}" width="${f(w)}" height="${f(h - horizon)}" fill="${mixColour(p.background, p.text, 0.08)}"/>`);
  parts.push(`<line x1="${f(w * 0.12)}" y1="${f(horizon)}" x2="${f(w * 0.88)}" y2="${f(horizon)}" stroke="${p.text}" stroke-width="${f(w * 0.004)}"/>`);
  const small = w * 0.025;
  parts.push(`<circle cx="${f(w - cx * 0.6)}" cy="${f(horizon + (h - horizon) * (0.3 + rnd() * 0.3))}" r="${f(small)}" fill="${p.text}"/>`);
  return parts.join('');
}

/** Vintage: layered hills under a rayed sun, in inks mixed toward the ground, with paper grain. */
function vintage({ w, h, rnd, p }: Canvas): string {
  const parts: string[] = [`<rect width="${f(w)}" height="${f(h)}" fill="${p.background}"/>`];
  const sunX = w * (0.3 + rnd() * 0.4);
  const sunY = h * (0.3 + rnd() * 0.12);
  const sunR = w * (0.14 + rnd() * 0.05);
  const rays: string[] = [];
  const n = 24;
  for (let i = 0; i < n; i++) {
    const a0 = (i / n) * Math.PI * 2;
    const a1 = a0 + Math.PI / n;
    const R = Math.max(w, h);
    rays.push(`M${f(sunX)} ${f(sunY)}L${f(sunX + Math.cos(a0) * R)} ${f(sunY + Math.sin(a0) * R)}L${f(sunX + Math.cos(a1) * R)} ${f(sunY + Math.sin(a1) * R)}Z`);
  }
  parts.push(`<path d="${rays.join('')}" fill="${mixColour(p.background, p.accent, 0.12)}"/>`);
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${mixColour(p.background, p.accent, 0.75)}"/>`);
  const layers = 4;
  for (let l = 0; l < layers; l++) {
    const base = h * (0.55 + (l / layers) * 0.38);
    const amp = h * (0.06 - l * 0.008) * (0.6 + rnd() * 0.8);
    const freq = 1.5 + rnd() * 2.5;
    const phase = rnd() * Math.PI * 2;
    const pts: string[] = [`M0 ${f(h)}`];
    for (let x = 0; x <= 40; x++) {
      const px = (x / 40) * w;
      const y = base - amp * Math.sin((x / 40) * Math.PI * freq + phase) - amp * 0.4 * Math.sin((x / 40) * Math.PI * freq * 2.3 + phase * 1.7);
      pts.push(`L${f(px)} ${f(y)}`);
    }
    pts.push(`L${f(w)} ${f(h)}Z`);
    parts.push(`<path d="${pts.join('')}" fill="${mixColour(p.background, l % 2 === 0 ? p.accent : p.text, 0.3 + l * 0.15)}"/>`);
  }
  // Paper grain: specks of the type colour, too faint to read as a pattern.
  const grain: string[] = [];
  for (let i = 0; i < 900; i++) grain.push(`M${f(rnd() * w)} ${f(rnd() * h)}h${f(w * 0.002)}`);
  parts.push(`<path d="${grain.join('')}" stroke="${p.text}" stroke-width="${f(w * 0.002)}" opacity="0.18"/>`);
  return parts.join('');
}

const STYLES: Readonly<Record<CoverStyleName, (canvas: Canvas) => string>> = { classic, modern, minimalist, vintage };

/**
 * The SVG document of style `style`'s artwork for a box of `widthIn` x `heightIn` inches (its viewBox is 1000 units
 * wide, the height in proportion), drawn in `palette` from `seed` (a book id).
 * @throws RangeError when the box is not positive.
 */
export function generativeArtworkSvg(style: CoverStyleName, seed: string, palette: CoverColours, widthIn: number, heightIn: number): string {
  if (!(widthIn > 0 && heightIn > 0)) throw new RangeError('generativeArtworkSvg: the box must be positive');
  const w = 1000;
  const h = Math.round((1000 * heightIn) / widthIn);
  const body = STYLES[style]({ w, h, rnd: generator(hash32(`${style}:${seed}`)), p: palette });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
}
