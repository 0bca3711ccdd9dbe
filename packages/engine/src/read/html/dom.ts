/**
 * Small helpers over the parsed (X)HTML tree of `../xml.ts`: element kinds, classes, a report counter.
 */
import { attr, localName, type XmlElement, type XmlNode } from '../xml.ts';

/** One line of a reader's report: what it removed or changed, with a label the Clean tab shows. */
export interface ReportLine {
  id: string;
  label: string;
  count: number;
}

/** Collects report counts by id, keeping the order in which ids first appear. */
export class Report {
  private readonly lines = new Map<string, ReportLine>();
  /** Adds `n` to the line `id` (created with `label` on first use). */
  add(id: string, label: string, n = 1): void {
    if (n <= 0) return;
    const line = this.lines.get(id);
    if (line) line.count += n;
    else this.lines.set(id, { id, label, count: n });
  }
  /** The lines with a count above zero. */
  toArray(): ReportLine[] {
    return [...this.lines.values()].map((l) => ({ ...l }));
  }
}

/** Elements whose content is never part of the book (scripts, styles, forms, embedded media). */
export const SKIPPED = new Set([
  'head', 'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'canvas',
  'video', 'audio', 'form', 'input', 'button', 'select', 'textarea', 'map', 'link', 'meta', 'title', 'base',
]);

/** Phrasing elements (WHATWG HTML 3.2.5.2.5), plus the presentational ones old Gutenberg files use. */
export const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'img',
  'ins', 'kbd', 'label', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time',
  'tt', 'u', 'var', 'wbr', 'acronym', 'nobr',
]);

/** Lowercased local name of an element. */
export function tag(el: XmlElement): string {
  return localName(el.name);
}

/** The element's classes, lowercased. */
export function classes(el: XmlElement): string[] {
  return (attr(el, 'class') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when one of the element's classes matches. */
export function hasClass(el: XmlElement, re: RegExp): boolean {
  return classes(el).some((c) => re.test(c));
}

/** EPUB 3 structural semantics (`epub:type`), lowercased words. */
export function epubTypes(el: XmlElement): string[] {
  return (el.attrs['epub:type'] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** True for an element child that is inline (phrasing) content, and for text. */
export function isInline(node: XmlNode): boolean {
  return node.type === 'text' || INLINE.has(tag(node));
}

/** The element's `id` (or old-style `name` on anchors). */
export function elementId(el: XmlElement): string | undefined {
  return attr(el, 'id') ?? (tag(el) === 'a' ? attr(el, 'name') : undefined);
}

/** Index of ids to elements, and of every element to its parent. */
export interface DomIndex {
  byId: Map<string, XmlElement>;
  parent: Map<XmlElement, XmlElement>;
}

/** Builds the id and parent index of a tree. */
export function indexTree(root: XmlElement): DomIndex {
  const byId = new Map<string, XmlElement>();
  const parent = new Map<XmlElement, XmlElement>();
  const walk = (el: XmlElement): void => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      parent.set(c, el);
      const id = elementId(c);
      if (id && !byId.has(id)) byId.set(id, c);
      walk(c);
    }
  };
  walk(root);
  return { byId, parent };
}

/** Removes a node from its parent's children (no-op when not found). */
export function detach(node: XmlNode, parent: XmlElement | undefined): void {
  if (!parent) return;
  const i = parent.children.indexOf(node);
  if (i >= 0) parent.children.splice(i, 1);
}
