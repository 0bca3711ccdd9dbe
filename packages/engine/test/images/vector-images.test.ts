/**
 * Vector figures rasterised at import (`read/vector-images.ts`): PDF figures of md-altpeter's thesis and every
 * SVG figure of md-dupak's become PNGs at 300 dpi of their own size (page sizes read back with poppler's
 * `pdfinfo`), not blank, accepted by the image collector; hostile SVGs (scripts, file and web references,
 * entities, a pixel bomb) and broken PDFs give undefined without reading anything outside the file.
 *
 * Every rendering starts a child process; on the shared test machine the corpus renderings get a generous time
 * limit (the default 10 s limit is tested on its own).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDimensions, sniffImageType } from '../../src/model/image-bytes.ts';
import { ImageCollector } from '../../src/read/images.ts';
import { detectVectorKind, rasterizeVectorImage, sanitizeSvg, vectorBudgetMs } from '../../src/read/vector-images.ts';
import { png as solidPng } from './fixtures.ts';

const academic = path.resolve(import.meta.dirname, '../../../../../shared/corpus/academic');
const pdfDir = path.join(academic, 'md-altpeter-consent-dialogs-msc/graphs');
const svgDir = path.join(academic, 'md-dupak-rust-gcc-diploma-thesis/src');
const haveCorpus = existsSync(pdfDir) && existsSync(svgDir);
const list = (dir: string, ext: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(ext)).sort() : []);
const pdfs = list(pdfDir, '.pdf');
const svgs = list(svgDir, '.svg');

/** Generous limit for corpus renderings on a busy machine (ms). */
const SLOW = { timeoutMs: 60_000 };

/** Share of pixels that are not near-white (any channel below 200), from the decoded PNG. */
async function inkShare(png: Uint8Array): Promise<number> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
  return ink / (image.width * image.height);
}

/** Checks a rendering: a PNG whose header says the size returned, that the image collector keeps. */
function expectPng(result: { png: Uint8Array; widthPx: number; heightPx: number } | undefined): asserts result {
  expect(result).toBeDefined();
  expect(sniffImageType(result!.png)).toBe('image/png');
  expect(imageDimensions(result!.png)).toEqual({ width: result!.widthPx, height: result!.heightPx });
  expect(new ImageCollector().add(result!.png)).toBe('images/img-1.png');
}

/** A one-page PDF with a `MediaBox` of `w` x `h` points and one filled rectangle, with a correct xref. */
function tinyPdf(w: number, h: number): Uint8Array {
  const content = `0 0 0 rg 10 10 ${w / 2} ${h / 2} re f`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

describe.skipIf(!haveCorpus)('rasterizeVectorImage on the corpus theses', () => {
  it('finds the figures the tests expect', () => {
    expect(pdfs).toHaveLength(7);
    expect(svgs).toHaveLength(4);
  });

  // Two of the seven (the smallest page and the largest): every rendering is a child process of 2-4 s, and the
  // content inventory (`test/proof/content-inventory.test.ts`) imports the thesis with all seven as pictures.
  it.each(pdfs.filter((f) => f === 'cookies.pdf' || f === 'dialog_dark_patterns.pdf'))('renders graphs/%s at 300 dpi of its page width (capped at 2400 px), not blank', async (file) => {
    const full = path.join(pdfDir, file);
    const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [full], { encoding: 'utf8' }));
    const [wPt, hPt] = [Number(m![1]), Number(m![2])];
    const result = await rasterizeVectorImage(new Uint8Array(readFileSync(full)), SLOW);
    expectPng(result);
    const expectedWidth = Math.min(Math.round((wPt * 300) / 72), 2400);
    expect(Math.abs(result.widthPx - expectedWidth)).toBeLessThanOrEqual(1);
    expect(Math.abs(result.heightPx - (expectedWidth * hPt) / wPt)).toBeLessThanOrEqual(2);
    expect(await inkShare(result.png)).toBeGreaterThan(0.01);
  });

  it.each(svgs)('renders src/%s at 300 dpi of its CSS size (1 px = 1/96 in), not blank', async (file) => {
    const bytes = new Uint8Array(readFileSync(path.join(svgDir, file)));
    const root = /<svg\b[^>]*>/.exec(Buffer.from(bytes).toString('utf8'))![0];
    const cssWidth = Number(/\swidth="([\d.]+)/.exec(root)![1]);
    const result = await rasterizeVectorImage(bytes, SLOW);
    expectPng(result);
    expect(Math.abs(result.widthPx - Math.min(Math.round((cssWidth * 300) / 96), 2400))).toBeLessThanOrEqual(1);
    expect(await inkShare(result.png)).toBeGreaterThan(0.01);
  });

  it('honours maxWidthPx', async () => {
    const result = await rasterizeVectorImage(new Uint8Array(readFileSync(path.join(pdfDir, 'cookies.pdf'))), { ...SLOW, maxWidthPx: 600 });
    expectPng(result);
    expect(result.widthPx).toBe(600);
  });

  it('gives undefined for a truncated PDF', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(pdfDir, 'cookies.pdf')));
    expect(await rasterizeVectorImage(bytes.slice(0, Math.floor(bytes.length / 2)), SLOW)).toBeUndefined();
  });

  it('writes draw.io labels as their plain text (Skia draws no <switch> or <foreignObject>)', () => {
    const out = sanitizeSvg(new Uint8Array(readFileSync(path.join(svgDir, 'pipeline.svg'))))!;
    expect(out.svg).not.toMatch(/foreignObject|<switch|<div/);
    for (const label of ['source', 'AST', 'HIR', 'TyTy', 'GIMPLE', 'LLVM IR']) expect(out.svg).toContain(`>${label}</text>`);
    expect(out.svg).not.toMatch(/Tahoma|Helvetica/);
  });
});

describe('rasterizeVectorImage on synthetic input', () => {
  let dir: string;
  let server: Server;
  let port = 0;
  let requests = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quire-vector-'));
    server = createServer((_req, res) => {
      requests++;
      res.end(Buffer.from(solidPng(50, 50)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const hostile = (file: string): string =>
    `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60" onload="alert(1)">
  <style>@import url(http://127.0.0.1:${port}/sheet.css); .box { fill: #000 }</style>
  <script>fetch('http://127.0.0.1:${port}/script')</script>
  <image href="file://${file}" x="0" y="0" width="60" height="60"/>
  <image xlink:href="${file}" x="0" y="0" width="60" height="60"/>
  <image href="http://127.0.0.1:${port}/remote.png" x="60" y="0" width="60" height="60"/>
  <use xlink:href="file://${file}#x"/>
  <filter id="f"><feImage href="http://127.0.0.1:${port}/fe.png"/></filter>
  <rect class="box" x="10" y="10" width="20" height="20"/>
  <rect x="40" y="10" width="20" height="20" style="fill:url(http://127.0.0.1:${port}/paint#p)" stroke="#000"/>
  <foreignObject width="100" height="50"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="file:///etc/passwd"/></div></foreignObject>
  <image href="file:///etc/passwd" width="10" height="10"/>
</svg>`;

  it('renders a hostile SVG without its script, its files or its web addresses', async () => {
    const file = path.join(dir, 'figure.png');
    writeFileSync(file, solidPng(60, 60)); // a blue-grey square
    const svg = new Uint8Array(Buffer.from(hostile(file)));
    const first = await rasterizeVectorImage(svg);
    expectPng(first);
    expect(first.widthPx).toBe(375); // 120 px at 300/96
    // The style sheet's rule was kept (the black box), so the picture is not blank.
    expect(await inkShare(first.png)).toBeGreaterThan(0.01);
    // A different file behind the same name changes nothing: the file was never read.
    const canvas = createCanvas(60, 60);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 60, 60);
    writeFileSync(file, canvas.toBuffer('image/png'));
    const second = await rasterizeVectorImage(svg);
    expect(Buffer.from(second!.png).equals(Buffer.from(first.png))).toBe(true);
    expect(requests).toBe(0);
    // What reaches the renderer names no file, no web address, no script, no event handler.
    const clean = sanitizeSvg(svg)!.svg;
    expect(clean).not.toMatch(/file:|127\.0\.0\.1|passwd|<script|onload|<image|feImage|foreignObject|@import|<style/);
    expect(clean).toMatch(/class="box"[^>]*style="fill: ?#000"/);
  });

  it('refuses entity declarations but accepts the plain SVG 1.1 DOCTYPE', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>`;
    expect(sanitizeSvg(new Uint8Array(Buffer.from(laughs)))).toBeUndefined();
    expect(await rasterizeVectorImage(new Uint8Array(Buffer.from(laughs)))).toBeUndefined();
    const xxe = `<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`;
    expect(sanitizeSvg(new Uint8Array(Buffer.from(xxe)))?.svg).not.toMatch(/passwd|DOCTYPE/);
    const plain = `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" width="96" height="48"><rect width="48" height="48"/></svg>`;
    const result = await rasterizeVectorImage(new Uint8Array(Buffer.from(plain)));
    expectPng(result);
    expect([result.widthPx, result.heightPx]).toEqual([300, 150]);
    expect(await inkShare(result.png)).toBeGreaterThan(0.4);
  });

  it('refuses pixel bombs: a 100000 x 100000 SVG and a 200 x 200 in PDF page', async () => {
    const bomb = `<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100000" height="100000"/></svg>`;
    expect(await rasterizeVectorImage(new Uint8Array(Buffer.from(bomb)))).toBeUndefined();
    expect(await rasterizeVectorImage(tinyPdf(14400, 14400))).toBeUndefined();
    // The same PDF at a letter page renders: the refusal is the size, not the file.
    const letter = await rasterizeVectorImage(tinyPdf(612, 792));
    expectPng(letter);
    expect([letter.widthPx, letter.heightPx]).toEqual([2400, 3106]);
  });

  it('refuses an SVG over 5 MB, and anything that is neither PDF nor SVG', async () => {
    const big = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!--${'x'.repeat(5 * 1024 * 1024)}--></svg>`;
    expect(await rasterizeVectorImage(new Uint8Array(Buffer.from(big)))).toBeUndefined();
    expect(await rasterizeVectorImage(solidPng(10, 10))).toBeUndefined();
    expect(await rasterizeVectorImage(new Uint8Array(Buffer.from('<html><body><svg></svg></body></html>')))).toBeUndefined();
    expect(await rasterizeVectorImage(new Uint8Array(0))).toBeUndefined();
    expect(await rasterizeVectorImage(new Uint8Array(Buffer.from('%PDF-1.7\nnot really')))).toBeUndefined();
  });

  it('tells the type by content, not name', () => {
    expect(detectVectorKind(tinyPdf(100, 100))).toBe('pdf');
    expect(detectVectorKind(new Uint8Array(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- Inkscape -->\n<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>')))).toBe('svg');
    expect(detectVectorKind(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf16le')))).toBeUndefined();
    expect(detectVectorKind(new Uint8Array([0xff, 0xfe, ...Buffer.from('<svg/>', 'utf16le')]))).toBe('svg');
    expect(detectVectorKind(new Uint8Array(Buffer.from('<!-- %PDF-1.4 --><svg xmlns="http://www.w3.org/2000/svg"/>')))).toBe('svg');
    expect(detectVectorKind(new Uint8Array(Buffer.from('junk\n%PDF-1.4\n')))).toBe('pdf');
    expect(detectVectorKind(solidPng(4, 4))).toBeUndefined();
    expect(detectVectorKind(new Uint8Array(Buffer.from('<html/>')))).toBeUndefined();
  });

  it('sizes an SVG from its units and viewBox, and draws its text in a shipped font with no system font', async () => {
    const mm = sanitizeSvg(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="25.4mm" viewBox="0 0 50 25"/>')))!;
    expect([mm.widthPx, mm.heightPx]).toEqual([300, 150]);
    const box = sanitizeSvg(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 192 96"/>')))!;
    expect([box.cssWidth, box.widthPx]).toEqual([192, 600]);
    expect(sanitizeSvg(new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBeUndefined();
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="5" y="30" font-family="Comic Sans MS" font-size="28">Label</text></svg>`;
    expect(sanitizeSvg(new Uint8Array(Buffer.from(text)))!.svg).toContain('font-family="Inter"');
    const result = await rasterizeVectorImage(new Uint8Array(Buffer.from(text)));
    expectPng(result);
    expect(await inkShare(result.png)).toBeGreaterThan(0.02);
  });

  it('draws the plain-text label of a <switch> that holds a foreignObject first', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><switch><foreignObject width="200" height="40"><div xmlns="http://www.w3.org/1999/xhtml">Label</div></foreignObject><text x="5" y="30" font-size="28">Label</text></switch></svg>`;
    const result = await rasterizeVectorImage(new Uint8Array(Buffer.from(svg)));
    expectPng(result);
    expect(await inkShare(result.png)).toBeGreaterThan(0.02);
  });

  it('abandons a rendering past its time limit', async () => {
    expect(await rasterizeVectorImage(tinyPdf(612, 792), { timeoutMs: 1 })).toBeUndefined();
  });

  it('sizes its time limit from the file: 10 s, plus 4 s per MiB', () => {
    expect(vectorBudgetMs(0)).toBe(10_000);
    expect(vectorBudgetMs(5 * 2 ** 20)).toBe(30_000);
  });

  it('rejects with the time-limit error when its signal aborts, before or during the rendering', async () => {
    await expect(rasterizeVectorImage(tinyPdf(612, 792), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'EngineError', code: 'TIME_LIMIT' });
    const controller = new AbortController();
    const rendering = rasterizeVectorImage(tinyPdf(612, 792), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(rendering).rejects.toMatchObject({ code: 'TIME_LIMIT', message: 'Converting a vector figure took too long and was stopped.' });
  });
});
