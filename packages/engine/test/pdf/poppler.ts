/**
 * Poppler command-line tools (pdfinfo, pdffonts, pdftotext) as the judges of the PDF writer's output.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF written to a temporary file for the poppler tools; `dispose()` removes it. */
export interface PdfFile {
  path: string;
  dispose(): void;
}

/** Writes PDF bytes to a new temporary directory. */
export function pdfFile(bytes: Uint8Array): PdfFile {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pdf-test-'));
  const path = join(dir, 'book.pdf');
  writeFileSync(path, bytes);
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

function run(tool: string, args: string[]): string {
  const out = execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  // Word joiners are invisible line-break controls (before an em dash, before the spread balancing's paragraph-end
  // mark): not part of the text a reader sees.
  return tool === 'pdftotext' ? out.replace(/\u2060/gu, '') : out;
}

/** Number of pages (`pdfinfo`). */
export function pageCount(path: string): number {
  const match = /^Pages:\s+(\d+)/m.exec(run('pdfinfo', [path]));
  if (!match) throw new Error('pdfinfo printed no page count');
  return Number(match[1]);
}

/** Size of every page in points, `[width, height]` (`pdfinfo -f 1 -l N`). */
export function pageSizes(path: string, pages: number): Array<[number, number]> {
  const out = run('pdfinfo', ['-f', '1', '-l', String(pages), path]);
  return [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Fonts in the PDF (`pdffonts`): name without the subset prefix, type, embedded flag. */
export function fonts(path: string): Array<{ name: string; type: string; embedded: boolean }> {
  const lines = run('pdffonts', [path]).split('\n').slice(2).filter((l) => l.trim() !== '');
  return lines.map((line) => {
    const cols = line.trim().split(/\s+/);
    // name type... encoding emb sub uni objectId gen; the type may hold spaces ("CID TrueType").
    const n = cols.length;
    return { name: cols[0]!.replace(/^[A-Z]{6}\+/, ''), type: cols.slice(1, n - 6).join(' '), embedded: cols[n - 5] === 'yes' };
  });
}

/** Text of one page (1-based) or of the whole document (`pdftotext`, reading order). */
export function pageText(path: string, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return run('pdftotext', [...range, path, '-']);
}

/** Text of every page, index 0 = page 1 (pages are split on form feeds). */
export function allPageTexts(path: string): string[] {
  const pages = pageText(path).split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

/** A word box from `pdftotext -bbox-layout`, in points from the top-left corner of its page. */
export interface WordBox {
  page: number;
  word: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** Every word with its box (`pdftotext -bbox-layout`). */
export function wordBoxes(path: string): WordBox[] {
  const html = run('pdftotext', ['-bbox-layout', path, '-']);
  const boxes: WordBox[] = [];
  let page = 0;
  const re = /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(re)) {
    if (m[0] === '<page ') {
      page += 1;
      continue;
    }
    boxes.push({ page, word: m[5]!, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
  }
  return boxes;
}

/** Whitespace-normalised text (pdftotext breaks lines where the typesetter did). */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A line of text from `pdftotext -bbox-layout`: its box and its words, in points from the top-left corner of its page. */
export interface TextLine {
  page: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  words: WordBox[];
}

/** Every line of every page with its words (`pdftotext -bbox-layout`), in pdftotext's reading order. */
export function textLines(path: string): TextLine[] {
  const html = run('pdftotext', ['-bbox-layout', path, '-']);
  const lines: TextLine[] = [];
  let page = 0;
  let line: TextLine | undefined;
  const num = '"([\\d.]+)"';
  const re = new RegExp(`<page |<line xMin=${num} yMin=${num} xMax=${num} yMax=${num}>|<word xMin=${num} yMin=${num} xMax=${num} yMax=${num}>([^<]*)</word>`, 'g');
  for (const m of html.matchAll(re)) {
    if (m[0] === '<page ') {
      page += 1;
    } else if (m[0].startsWith('<line')) {
      line = { page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), words: [] };
      lines.push(line);
    } else if (line) {
      line.words.push({ page, word: decodeEntities(m[9]!), xMin: Number(m[5]), yMin: Number(m[6]), xMax: Number(m[7]), yMax: Number(m[8]) });
    }
  }
  return lines;
}

/** The XML entities pdftotext writes in `-bbox-layout` output. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);
}

/**
 * The rows of ink inside a box of a page (`pdftoppm -gray` at `dpi`): the top and bottom of every pixel darker
 * than mid-grey, in points from the top of the page; `undefined` when the box holds no ink. Judges where glyphs
 * really are (a word box of pdftotext is the font's whole ascent and descent, not the glyph's outline).
 */
export function inkExtent(path: string, page: number, box: { xMin: number; xMax: number; yMin: number; yMax: number }, dpi = 288): { top: number; bottom: number } | undefined {
  const scale = dpi / 72;
  const x = Math.floor(box.xMin * scale);
  const y = Math.floor(box.yMin * scale);
  const w = Math.max(1, Math.ceil(box.xMax * scale) - x);
  const h = Math.max(1, Math.ceil(box.yMax * scale) - y);
  const pgm = execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray', '-x', String(x), '-y', String(y), '-W', String(w), '-H', String(h), path], {
    maxBuffer: 64 * 1024 * 1024,
  });
  // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no PGM image');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  let top: number | undefined;
  let bottom: number | undefined;
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      if (pixels[row * width + col]! < 128) {
        top ??= row;
        bottom = row + 1;
        break;
      }
    }
  }
  return top === undefined || bottom === undefined ? undefined : { top: (y + top) / scale, bottom: (y + bottom) / scale };
}
