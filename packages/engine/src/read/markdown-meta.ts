/**
 * YAML metadata blocks of a Markdown file (pandoc's `yaml_metadata_block` extension) -> {@link BookMeta}.
 *
 * A block is `---` on a line, YAML, then `---` or `...` on a line. At the top of the file it is always read
 * (malformed YAML there is reported and the block dropped: it is never the book's text); elsewhere, as pandoc
 * allows, only a block after a blank line whose YAML is a mapping naming at least one field below (a novel's
 * `---` scene breaks stay scene breaks). The first block that sets a field wins.
 *
 * Fields (pandoc's and its templates' names): `title`, `subtitle`, `author` (a string, a list of strings, or a
 * list of `{name, affiliation}`) -> `author` (names joined, `A, B and C`) and `authors`; `date`; `abstract`;
 * `keywords` (a list or a comma-separated string); `lang` / `language`; `description`; `institution` /
 * `university`, `degree`, `supervisor` / `advisor` -> `paper`; `bibliography` (a string or a list). Other keys
 * (pandoc options, `header-includes`, crossref prefixes) are ignored.
 */
import type { AuthorCredit, BookMeta, PaperDetails } from '../model/book-document.ts';
import type { Diagnostics } from '../model/diagnostics.ts';
import { yaml as yamlPackage } from '../lazy-package.ts';

const KNOWN = new Set([
  'title', 'subtitle', 'author', 'date', 'abstract', 'keywords', 'lang', 'language', 'description', 'institution',
  'university', 'degree', 'supervisor', 'advisor', 'bibliography', 'creator',
]);

/** A BCP 47 language tag as YAML gives one (`en`, `en-GB`). */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/i;

/** Plain text of a YAML value: strings and numbers as written, lists joined by `, `; else undefined. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) {
    const parts = value.map(text).filter((v): v is string => v !== undefined);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** Names joined as a credit line: `A`, `A and B`, `A, B and C`. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The authors of a YAML `author:` value, in order. */
function authorCredits(value: unknown): AuthorCredit[] {
  const items = Array.isArray(value) ? value : [value];
  const out: AuthorCredit[] = [];
  for (const item of items) {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const o = item as Record<string, unknown>;
      const name = text(o.name);
      if (!name) continue;
      const affiliation = text(o.affiliation ?? o.institute ?? o.institution);
      out.push(affiliation ? { name, affiliation } : { name });
    } else {
      const name = text(item);
      if (name) out.push({ name });
    }
  }
  return out;
}

/** BookMeta fields of one YAML mapping (see the module comment). */
export function metaFromYaml(data: Record<string, unknown>): Partial<BookMeta> {
  const get = (key: string): unknown => {
    for (const k of Object.keys(data)) if (k.toLowerCase() === key) return data[k];
    return undefined;
  };
  const meta: Partial<BookMeta> = {};
  const title = text(get('title'));
  if (title) meta.title = title;
  const subtitle = text(get('subtitle'));
  if (subtitle) meta.subtitle = subtitle;
  const authorValue = get('author') ?? get('creator');
  if (authorValue !== undefined) {
    const authors = authorCredits(authorValue);
    if (authors.length > 0) {
      meta.author = joinNames(authors.map((a) => a.name));
      if (authors.length > 1 || authors.some((a) => a.affiliation)) meta.authors = authors;
    }
  }
  const date = text(get('date'));
  if (date) meta.date = date;
  const abstract = text(get('abstract'));
  if (abstract) meta.abstract = abstract;
  const keywords = get('keywords');
  const kw = Array.isArray(keywords) ? keywords.map(text) : typeof keywords === 'string' ? keywords.split(/[,;]/).map((k) => k.trim()) : [];
  const kept = kw.filter((k): k is string => !!k);
  if (kept.length > 0) meta.keywords = kept;
  const lang = text(get('lang') ?? get('language'));
  if (lang && LANGUAGE_TAG.test(lang)) meta.language = lang;
  const description = text(get('description'));
  if (description) meta.description = description;
  const paper: PaperDetails = {};
  const institution = text(get('institution') ?? get('university'));
  if (institution) paper.institution = institution;
  const degree = text(get('degree'));
  if (degree) paper.degree = degree;
  const supervisor = text(get('supervisor') ?? get('advisor'));
  if (supervisor) paper.supervisor = supervisor;
  if (Object.keys(paper).length > 0) meta.paper = paper;
  const bib = get('bibliography');
  const bibliography = (Array.isArray(bib) ? bib : [bib]).map(text).filter((b): b is string => !!b);
  if (bibliography.length > 0) meta.bibliography = bibliography;
  return meta;
}

/** Merges `next` under `meta`: fields `meta` already has win (`paper` field by field). */
function mergeUnder(meta: Partial<BookMeta>, next: Partial<BookMeta>): void {
  for (const [k, v] of Object.entries(next) as [keyof BookMeta, unknown][]) {
    if (k === 'paper' && meta.paper) meta.paper = { ...(v as PaperDetails), ...meta.paper };
    else if (meta[k] === undefined) (meta as Record<string, unknown>)[k] = v;
  }
}

/** The YAML of a block as a mapping, or undefined (not YAML, or not a mapping); `error` set when it does not parse. */
function parseBlock(yaml: string): { data?: Record<string, unknown>; error?: string } {
  try {
    const data: unknown = yamlPackage().parse(yaml, { uniqueKeys: false, maxAliasCount: 100 });
    if (data && typeof data === 'object' && !Array.isArray(data)) return { data: data as Record<string, unknown> };
    return {};
  } catch (err) {
    return { error: err instanceof Error ? err.message.split('\n')[0] : String(err) };
  }
}

/**
 * Reads and removes the YAML metadata blocks of `text` (`\n` line endings).
 * @returns the metadata and the text without the blocks; problems go to `diagnostics`.
 */
export function readYamlMetadata(text: string, diagnostics: Diagnostics): { meta: Partial<BookMeta>; rest: string } {
  const lines = text.split('\n');
  const meta: Partial<BookMeta> = {};
  const out: string[] = [];
  let inFence: string | undefined;
  let sawText = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!/^---[ \t]*$/.test(line) || inFence !== undefined) {
      if (line.trim() !== '') sawText = true;
      const f = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (f && (inFence === undefined || (f[0] === inFence[0] && f.length >= inFence.length))) inFence = inFence === undefined ? f : undefined;
      out.push(line);
      continue;
    }
    const atTop = !sawText;
    const opens = (atTop || (out[out.length - 1] ?? '').trim() === '') && (lines[i + 1] ?? '').trim() !== '';
    if (!opens) {
      sawText = true;
      out.push(line);
      continue;
    }
    let end = -1;
    for (let j = i + 1; j < lines.length; j++) {
      if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[j]!)) {
        end = j;
        break;
      }
    }
    if (end < 0) {
      sawText = true;
      out.push(line);
      continue;
    }
    const { data, error } = parseBlock(lines.slice(i + 1, end).join('\n'));
    if (atTop && !data) {
      diagnostics.add(
        'other',
        `The metadata block at the top of the file is not valid YAML${error ? ` (${error})` : ''}: it was left out. Check its colons, quotes and indentation.`,
        'Front matter',
      );
      i = end;
      continue;
    }
    if (!data || (!atTop && !Object.keys(data).some((k) => KNOWN.has(k.toLowerCase())))) {
      sawText = true;
      out.push(line);
      continue;
    }
    mergeUnder(meta, metaFromYaml(data));
    i = end;
  }
  return { meta, rest: out.join('\n') };
}
