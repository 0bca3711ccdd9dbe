/**
 * Makes the web app's Latin fonts (committed under `src/assets/fonts/`): Inter and Literata as Fontsource ships them
 * (`@fontsource-variable/*`, SIL Open Font License 1.1), with their weight axis cut to the 400-700 the design uses
 * (Tailwind's normal, medium, semibold and bold; `<strong>` is bold). The variable files span 100/200-900, and the
 * extra masters are a third of their bytes: the two faces a public page loads first come to 66 kB instead of 101 kB,
 * which a phone on a slow connection feels (issue 13: Lighthouse mobile performance >= 95).
 *
 * Usage: node --import tsx apps/web/scripts/make-fonts.ts
 *
 * Each file keeps every character of Fontsource's `latin` subset (the same unicode-range), and `fonts.css` declares
 * it with the same family, style, weight range and unicode-range as Fontsource's own latin face. Declared after
 * Fontsource's CSS (main.tsx), it takes the latin characters' place (CSS Fonts 4 section 4.5: of faces alike but for
 * their unicode-range, the last declared is tried first); the other scripts (latin-ext, Cyrillic, Greek, Vietnamese)
 * still load Fontsource's files when a text needs them. A weight asked for outside 400-700 is drawn at the nearest.
 *
 * It also declares the fallback faces the font stacks (index.css) name next: a local font scaled and given the web
 * font's ascent, descent and line gap (CSS Fonts 5 `size-adjust`, `ascent-override`...), so that the text set in it
 * before the web font arrives takes the same room, and the page does not move when the web font swaps in (Lighthouse
 * counts that move as layout shift). The scale is the ratio of the two fonts' average character widths, weighted by
 * English letter frequency, as next/font and Capsize compute it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const outDir = fileURLToPath(new URL('../src/assets/fonts/', import.meta.url));

/** The weights kept, as the `wght` axis' new range. */
const WEIGHT_RANGE = { min: 400, max: 700 } as const;

/** One face made: its Fontsource package and style. */
interface FaceSource {
  family: string;
  /** The Fontsource package and the CSS file that declares the face. */
  packageName: string;
  cssFile: string;
  style: 'normal' | 'italic';
  /** The name of the file written. */
  outFile: string;
}

const FACES: FaceSource[] = [
  { family: 'Inter Variable', packageName: '@fontsource-variable/inter', cssFile: 'wght.css', style: 'normal', outFile: 'inter-latin-wght-400-700.woff2' },
  { family: 'Literata Variable', packageName: '@fontsource-variable/literata', cssFile: 'wght.css', style: 'normal', outFile: 'literata-latin-wght-400-700.woff2' },
  { family: 'Literata Variable', packageName: '@fontsource-variable/literata', cssFile: 'wght-italic.css', style: 'italic', outFile: 'literata-latin-wght-400-700-italic.woff2' },
];

/** Fontsource's `latin` face in `css`: its font file, weight range and unicode-range. */
function latinFace(css: string): { file: string; fontWeight: string; unicodeRange: string } {
  const block = /\/\*[^*]*-latin-wght-[a-z]+ \*\/\s*@font-face\s*\{([^}]*)\}/.exec(css)?.[1];
  if (!block) throw new Error('no latin @font-face in the Fontsource CSS');
  const descriptor = (name: string) => {
    const value = new RegExp(`${name}:\\s*([^;]+);`).exec(block)?.[1];
    if (!value) throw new Error(`the latin @font-face has no ${name}`);
    return value.trim();
  };
  const file = /url\(\.\/([^)]+)\)/.exec(descriptor('src'))?.[1];
  if (!file) throw new Error('the latin @font-face has no file');
  return { file, fontWeight: descriptor('font-weight'), unicodeRange: descriptor('unicode-range') };
}

/** Every code point of a CSS unicode-range (`U+0000-00FF,U+0131,...`), as a string. */
function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16));
    for (let code = from!; code <= (to ?? from!); code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

/** A font's vertical metrics and average character width, in font units (Capsize's `xWidthAvg`). */
interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

/** Metrics from @capsizecss/metrics 4.3 (Inter, Literata, Arial, Georgia, Noto Serif, Times New Roman) and, for
 * DejaVu, read from its files with @capsizecss/unpack. Arial stands for Helvetica, Liberation Sans and Roboto too: their
 * average widths are within 0.3 % of it (913, 913, 911 units), and the overrides replace their vertical metrics. */
const METRICS = {
  inter: { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 },
  literata: { ascent: 1177, descent: -308, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 480 },
  arial: { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 913 },
  dejaVuSans: { ascent: 1901, descent: -483, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 1041 },
  georgia: { ascent: 1878, descent: -449, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 913 },
  notoSerif: { ascent: 1069, descent: -293, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 481 },
  timesNewRoman: { ascent: 1825, descent: -443, lineGap: 87, unitsPerEm: 2048, xWidthAvg: 832 },
  dejaVuSerif: { ascent: 1901, descent: -483, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 1058 },
} satisfies Record<string, FontMetrics>;

/** One fallback face: its family name (index.css names it), the local fonts it may use, and the two fonts' metrics. */
interface FallbackFace {
  family: string;
  localNames: string[];
  webFont: FontMetrics;
  localFont: FontMetrics;
}

const FALLBACKS: FallbackFace[] = [
  { family: 'Inter Fallback', localNames: ['Arial', 'Helvetica', 'Liberation Sans', 'Roboto'], webFont: METRICS.inter, localFont: METRICS.arial },
  { family: 'Inter Fallback DejaVu', localNames: ['DejaVu Sans'], webFont: METRICS.inter, localFont: METRICS.dejaVuSans },
  { family: 'Literata Fallback', localNames: ['Georgia'], webFont: METRICS.literata, localFont: METRICS.georgia },
  { family: 'Literata Fallback Noto', localNames: ['Noto Serif'], webFont: METRICS.literata, localFont: METRICS.notoSerif },
  { family: 'Literata Fallback Times', localNames: ['Times New Roman', 'Liberation Serif', 'Times'], webFont: METRICS.literata, localFont: METRICS.timesNewRoman },
  { family: 'Literata Fallback DejaVu', localNames: ['DejaVu Serif'], webFont: METRICS.literata, localFont: METRICS.dejaVuSerif },
];

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The @font-face of a fallback: the local font scaled to the web font's width, with the web font's vertical metrics. */
function fallbackRule({ family, localNames, webFont, localFont }: FallbackFace): string {
  const sizeAdjust = webFont.xWidthAvg / webFont.unitsPerEm / (localFont.xWidthAvg / localFont.unitsPerEm);
  const em = webFont.unitsPerEm * sizeAdjust;
  return [
    '@font-face {',
    `  font-family: '${family}';`,
    `  src: ${localNames.map((name) => `local('${name}')`).join(', ')};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${percent(webFont.ascent / em)};`,
    `  descent-override: ${percent(Math.abs(webFont.descent) / em)};`,
    `  line-gap-override: ${percent(webFont.lineGap / em)};`,
    '}',
  ].join('\n');
}

const rules: string[] = [];
for (const face of FACES) {
  const packageDir = path.dirname(require.resolve(`${face.packageName}/package.json`));
  const latin = latinFace(readFileSync(path.join(packageDir, face.cssFile), 'utf8'));
  const original = readFileSync(path.join(packageDir, latin.file));
  const cut = await subsetFont(original, charactersOf(latin.unicodeRange), { targetFormat: 'woff2', variationAxes: { wght: WEIGHT_RANGE } });
  writeFileSync(path.join(outDir, face.outFile), cut);
  console.log(`${face.outFile}: ${original.length} -> ${cut.length} bytes`);
  rules.push(
    [
      '@font-face {',
      `  font-family: '${face.family}';`,
      `  font-style: ${face.style};`,
      '  font-display: swap;',
      `  font-weight: ${latin.fontWeight};`,
      `  src: url(./${face.outFile}) format('woff2-variations');`,
      `  unicode-range: ${latin.unicodeRange};`,
      '}',
    ].join('\n'),
  );
}
writeFileSync(
  path.join(outDir, 'fonts.css'),
  `/* Made by apps/web/scripts/make-fonts.ts from Fontsource's files (SIL Open Font License 1.1): the latin faces with\n   the weight axis cut to ${WEIGHT_RANGE.min}-${WEIGHT_RANGE.max}. Imported after Fontsource's CSS, so these take the latin characters. Then the\n   fallback faces of index.css's font stacks, sized to take the web fonts' room. */\n\n${[...rules, ...FALLBACKS.map(fallbackRule)].join('\n\n')}\n`,
);
