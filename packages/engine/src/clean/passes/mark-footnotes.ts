/**
 * Pass `footnotes`: the footnotes of plain-text editions become Markdown footnotes (`[^id]` where the
 * marker was, `[^id]: text` as a block of its own), which `markdown/parse.ts` reads into the model's
 * `footnotes`.
 * - [X] Project Gutenberg's `[Footnote 1: text]` blocks (possibly over many lines, with brackets inside,
 *       sometimes with text after the `]` on the same line) and the `[1]` marker before them (pg731 Gibbon:
 *       1,685 notes; `[Footnote *: ...]` with a `[*]` marker)
 * - [X] notes gathered at the end of a chapter as `(1) John viii. 12.   (2) Revelations ii. 17.` lines,
 *       with `(1)` markers glued to the text (pg1653 The Imitation of Christ)
 * Each note is paired with the nearest unpaired marker before it in the same chapter; a note without a
 * marker stays as it is (a definition nobody refers to would vanish from the book). The numbers restart
 * in every chapter, so ids are `c<chapter>-<number>` (chapter = count of `#` headings before the note),
 * with `-2`, `-3` on a collision. The note's line breaks are kept (later passes unwrap and dehyphenate
 * it like any paragraph). Count: footnotes made.
 */
import type { CleanPass, PassContext } from '../pass.ts';

const GUTENBERG_NOTE = /\[Footnote\s+([^\s:\]]{1,12})\s*:\s*/g;
/** A note runs at most this far to its closing bracket (Gibbon's longest is about 6,000 characters). */
const MAX_NOTE_CHARS = 30000;
const END_NOTE_BLOCK = /(?:^|\n\n)(\(\d{1,3}\) [^\n]*(?:\n(?!\n)[^\n]*)*)/g;

interface Edit {
  from: number;
  to: number;
  insert: string;
}

function labelPart(label: string): string {
  return label === '*' ? 'star' : label.replace(/[^A-Za-z0-9]+/g, '') || 'n';
}

/** Index of the `]` that closes the `[` at `open`, or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_NOTE_CHARS);
  for (let i = open; i < limit; i++) {
    const ch = text[i];
    if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return i;
    else if (ch === '\n' && text[i + 1] === '\n' && text[i + 2] === '[' && text.startsWith('[Footnote', i + 2)) return -1;
  }
  return -1;
}

/** Indent of a note's later paragraphs: CommonMark / markdown-it-footnote continue a definition with four spaces. */
export const NOTE_CONTINUATION_INDENT = '    ';

/**
 * The text of a note for its Markdown definition. A note of several paragraphs (Gibbon's notes followed by
 * the editor's `Note: ... --M.` paragraphs inside the same `[Footnote 2: ...]`, pg731) keeps them all: the
 * paragraphs after the first are indented by four spaces, which continues the definition in Markdown instead
 * of leaving them in the running text.
 */
function noteBody(raw: string): string {
  const paragraphs = raw.trim().split(/\n[ \t]*\n\s*/);
  return paragraphs
    .map((p, k) => (k === 0 ? p : p.split('\n').map((line) => NOTE_CONTINUATION_INDENT + line.trim()).join('\n')))
    .join('\n\n');
}

function processRegion(region: string, chapter: number, used: Set<string>): { text: string; made: number } {
  const edits: Edit[] = [];
  const taken: Array<[number, number]> = [];
  const isTaken = (pos: number) => taken.some(([a, b]) => pos >= a && pos < b);
  const makeId = (label: string) => {
    const base = `c${chapter}-${labelPart(label)}`;
    let id = base;
    for (let k = 2; used.has(id); k++) id = `${base}-${k}`;
    used.add(id);
    return id;
  };
  /** The nearest unpaired marker before `before`, outside notes. */
  const findMarker = (marker: string | RegExp, before: number): [number, number] | undefined => {
    if (typeof marker === 'string') {
      let pos = region.lastIndexOf(marker, before - marker.length);
      while (pos >= 0 && isTaken(pos)) pos = region.lastIndexOf(marker, pos - 1);
      return pos >= 0 ? [pos, pos + marker.length] : undefined;
    }
    let found: [number, number] | undefined;
    for (const m of region.slice(0, before).matchAll(marker)) {
      if (!isTaken(m.index)) found = [m.index, m.index + m[0].length];
    }
    return found;
  };
  let made = 0;
  for (const m of region.matchAll(GUTENBERG_NOTE)) {
    const start = m.index;
    if (isTaken(start)) continue;
    const close = closingBracket(region, start);
    if (close < 0) continue;
    const label = m[1]!;
    const marker = findMarker(`[${label}]`, start);
    if (!marker) continue;
    const id = makeId(label);
    const body = noteBody(region.slice(start + m[0].length, close));
    taken.push([start, close + 1], marker);
    edits.push({ from: marker[0], to: marker[1], insert: `[^${id}]` });
    // The note becomes a block of its own where it stood; text after its `]` starts a new block.
    const before = region.slice(0, start);
    const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const rest = region.slice(close + 1);
    const tail = rest === '' || rest.startsWith('\n\n') ? '' : rest.startsWith('\n') ? '\n' : '\n\n';
    edits.push({ from: start, to: close + 1 + (tail === '\n\n' ? (rest.match(/^ +/)?.[0].length ?? 0) : 0), insert: `${lead}[^${id}]: ${body}${tail}` });
    made++;
  }
  for (const m of region.matchAll(END_NOTE_BLOCK)) {
    const captured = m[1]!;
    const start = m.index + m[0].length - captured.length;
    const block = captured.replace(/\n+$/, '');
    if (isTaken(start)) continue;
    const entries = [...` ${block.replace(/\s+/g, ' ')}`.matchAll(/\s\((\d{1,3})\)\s+(.*?)(?=\s\(\d{1,3}\)\s|$)/g)];
    if (entries.length === 0) continue;
    const markers: Array<[number, number]> = [];
    const local: Array<[number, number]> = [];
    for (const e of entries) {
      const re = new RegExp(`(?<=[^\\s(])\\(${e[1]}\\)`, 'g');
      let pick: [number, number] | undefined;
      for (const mm of region.slice(0, start).matchAll(re)) {
        const span: [number, number] = [mm.index, mm.index + mm[0].length];
        if (!isTaken(span[0]) && !local.some(([a]) => a === span[0])) pick = span;
      }
      if (!pick) break;
      markers.push(pick);
      local.push(pick);
    }
    if (markers.length !== entries.length) continue;
    const defs: string[] = [];
    entries.forEach((e, k) => {
      const id = makeId(e[1]!);
      edits.push({ from: markers[k]![0], to: markers[k]![1], insert: `[^${id}]` });
      taken.push(markers[k]!);
      defs.push(`[^${id}]: ${e[2]!.trim()}`);
      made++;
    });
    taken.push([start, start + block.length]);
    edits.push({ from: start, to: start + block.length, insert: defs.join('\n\n') });
  }
  if (made === 0) return { text: region, made };
  edits.sort((a, b) => b.from - a.from);
  let out = region;
  for (const e of edits) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return { text: out, made };
}

function markFootnotes(text: string, ctx: PassContext): string {
  if (!text.includes('[Footnote') && !/\n\(\d{1,3}\) /.test(text)) return text;
  const starts = [0];
  for (let at = text.indexOf('# ', 1); at >= 0; at = text.indexOf('# ', at + 1)) {
    // A `# ` that opens a line (after any line terminator, as `^` of a multiline regex reads it).
    const before = text.charCodeAt(at - 1);
    if (before === 10 || before === 13 || before === 0x2028 || before === 0x2029) starts.push(at);
  }
  const used = new Set<string>();
  for (const m of text.matchAll(/\[\^([^\]\s]+)\]:/g)) used.add(m[1]!);
  let made = 0;
  const parts: string[] = [];
  starts.forEach((from, k) => {
    const to = starts[k + 1] ?? text.length;
    const chapter = text.startsWith('# ') ? k + 1 : k;
    const r = processRegion(text.slice(from, to), chapter, used);
    made += r.made;
    parts.push(r.text);
  });
  if (made === 0) return text;
  ctx.count(made);
  return parts.join('');
}

export const markFootnotesPass: CleanPass = {
  id: 'footnotes',
  label: 'Footnotes linked to their markers',
  run: markFootnotes,
};
