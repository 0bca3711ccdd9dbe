/**
 * Markdown reader: any user's Markdown -> Quire's Markdown convention (`../model/README.md`).
 *
 * Checklist:
 * - [X] heading levels by the text's own usage: a lone top heading above the chapters is the book's
 *       title (moved to the metadata); the level used for chapters becomes `#`, a part level above it
 *       (`# BOOK I` over `## Chapter 1`) becomes `# ... {.part}`, deeper levels `##`...
 * - [X] setext headings (`Title` + `=====`) rewritten as ATX
 * - [X] YAML metadata blocks (`markdown-meta.ts`): title, subtitle, authors with affiliations, date, abstract,
 *       keywords, lang, institution, degree, supervisor, bibliography; malformed YAML at the top reported
 * - [X] figures' image files read through the resources beside the file (`markdown-images.ts`); PDF and SVG
 *       rasterized; missing files reported, captions kept
 * - [X] tables, math, code, cross-references, raw LaTeX (`../markdown/parse.ts`), with its diagnostics
 * - [X] raw HTML removed, its text kept (comments, `<script>` and `<style>` with their content);
 *       Markdown never carries HTML into a book
 * - [X] text already in Quire's convention (`{.part}`, `{.front}`, `{.back}` headings) left as it is
 * - [ ] reference-style link definitions are kept as markdown-it reads them (links survive)
 */
import type { BookMeta } from '../model/book-document.ts';
import { Diagnostics } from '../model/diagnostics.ts';
import { EngineError } from '../errors.ts';
import { createMarkdownParser, parseMarkdown } from '../markdown/parse.ts';
import { Report } from './html/dom.ts';
import type { DocumentReadResult } from './html/index.ts';
import { ImageCollector } from './images.ts';
import { resolveFigureImages } from './markdown-images.ts';
import { readYamlMetadata } from './markdown-meta.ts';
import type { ResourceResolver } from './resources.ts';

const PART_TITLE = /^(?:the\s+)?(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+)?(?:book|part|volume|vol\.|tome)\b/i;

/** Removes raw HTML outside code fences; returns the text and how many tags went. */
function stripHtml(text: string): { text: string; removed: number } {
  let removed = 0;
  const parts = text.split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m);
  const out = parts.map((part, i) => {
    if (i % 2 === 1) return part;
    return part
      .replace(/<!--[\s\S]*?-->/g, () => (removed++, ''))
      .replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, () => (removed++, ''))
      .replace(/[ \t]*<br\s*\/?>[ \t]*/gi, () => (removed++, ' '))
      .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, () => (removed++, ''));
  });
  return { text: out.join(''), removed };
}

interface HeadingLine {
  level: number;
  start: number;
  end: number;
  text: string;
}

/**
 * Reads Markdown.
 * @param text the decoded file (`\n` line endings).
 * @param opts.resources the files beside it (its figures' images), when the upload has them.
 * @returns the document (figures pointing at `doc.assets`), the metadata, the report and the diagnostics
 *   (raw LaTeX left out, images missing, malformed YAML).
 * @throws EngineError('EMPTY_INPUT') when nothing is left.
 */
export async function readMarkdown(text: string, opts: { resources?: ResourceResolver } = {}): Promise<DocumentReadResult> {
  const report = new Report();
  const diagnostics = new Diagnostics();
  const fm = readYamlMetadata(text.replace(/\r\n?/g, '\n'), diagnostics);
  const meta: Partial<BookMeta> = { ...fm.meta };
  const html = stripHtml(fm.rest);
  report.add('rawHtml', 'HTML tags removed (their text is kept)', html.removed);
  const lines = html.text.split('\n');

  // Only the block structure is read here (headings and their text): the inline rules, most of a parse's
  // time, are left to the parse of the normalised text below.
  // The parser of Quire Markdown, so that its block rules (tables, math, LaTeX) shape the structure here too:
  // a multiline table's dashes are no setext heading.
  const md = createMarkdownParser();
  md.core.ruler.enableOnly(['normalize', 'block']);
  const tokens = md.parse(html.text, {});
  const headings: HeadingLine[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'heading_open' || t.level !== 0 || !t.map) continue;
    headings.push({ level: Number(t.tag.slice(1)), start: t.map[0], end: t.map[1], text: tokens[i + 1]?.content ?? '' });
  }
  const quireConvention = headings.some((h) => /\{[^{}]*\.(?:part|front|back)\b[^{}]*\}\s*$/.test(h.text));
  if (!quireConvention && headings.length > 0) {
    const counts = new Map<number, number>();
    for (const h of headings) counts.set(h.level, (counts.get(h.level) ?? 0) + 1);
    const levels = [...counts.keys()].sort((a, b) => a - b);
    let titleHeading: HeadingLine | undefined;
    const top = levels[0]!;
    if (counts.get(top) === 1 && headings[0]!.level === top && levels.length > 1) {
      titleHeading = headings[0];
      meta.title ??= titleHeading!.text.trim();
      report.add('titleLines', 'Title-page lines repeating the title and author removed', 1);
    }
    const rest = headings.filter((h) => h !== titleHeading);
    const restLevels = [...new Set(rest.map((h) => h.level))].sort((a, b) => a - b);
    let chapterLevel = restLevels.find((l) => rest.filter((h) => h.level === l).length >= 2) ?? restLevels[0] ?? 1;
    let partLevel: number | undefined;
    const below = restLevels.find((l) => l > chapterLevel && rest.filter((h) => h.level === l).length >= 2);
    if (below !== undefined) {
      const upper = rest.filter((h) => h.level === chapterLevel);
      const lower = rest.filter((h) => h.level === below);
      if (lower.length >= 2 * upper.length && upper.filter((h) => PART_TITLE.test(h.text)).length * 2 >= upper.length) {
        partLevel = chapterLevel;
        chapterLevel = below;
      }
    }
    // Rewrite from the bottom so line numbers stay valid.
    for (const h of [...headings].reverse()) {
      const source = lines.slice(h.start, h.end);
      const content = h.text.trim();
      let replacement: string[];
      if (h === titleHeading) replacement = [];
      else if (partLevel !== undefined && h.level === partLevel) replacement = [`# ${content} {.part}`];
      else if (h.level <= chapterLevel) replacement = [`# ${content}`];
      else replacement = [`${'#'.repeat(Math.min(6, 2 + h.level - chapterLevel - 1))} ${content}`];
      if (source.join('\n') !== replacement.join('\n')) lines.splice(h.start, h.end - h.start, ...replacement);
    }
  }
  const normalized = lines.join('\n');
  const fullMeta: BookMeta = { title: meta.title ?? 'Untitled', author: meta.author ?? 'Unknown', language: meta.language ?? 'en', ...meta };
  const doc = parseMarkdown(normalized, fullMeta, { diagnostics });
  const hasText = [...doc.front, ...doc.body, ...doc.back].some((d) => d.blocks.length > 0 || d.type === 'part' && d.chapters.length > 0) || Object.keys(doc.footnotes).length > 0;
  if (!hasText && !/\S/.test(normalized)) throw new EngineError('EMPTY_INPUT', 'This file contains no text that Quire can import.');
  const collector = new ImageCollector();
  await resolveFigureImages(doc, opts.resources, collector, diagnostics);
  collector.reportTo(report);
  return { doc, meta, report: report.toArray(), diagnostics: diagnostics.toArray() };
}
