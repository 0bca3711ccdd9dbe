/**
 * Safe parsing of XML and (X)HTML from uploaded files into a small tree of plain objects.
 *
 * Entity expansion is off by construction: the tokenizer (htmlparser2) never reads a DTD, so entities
 * declared in one (`<!DOCTYPE x [<!ENTITY a "...">]>`, the "billion laughs" attack) and external
 * entities (`SYSTEM "file:///etc/passwd"`, XXE) are never defined, and a reference to them stays as
 * literal text. What is decoded: in XML mode the five XML entities and numeric references (XML 1.0
 * section 4.6); in HTML mode also the HTML named character references (WHATWG HTML 13.5). Nothing is
 * ever executed or written back out as markup: the tree only feeds the document model.
 */
import { Parser } from 'htmlparser2';

/** An element: `name` as written in XML mode (`dc:title`), lowercased in HTML mode. */
export interface XmlElement {
  type: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /**
   * On the `#document` element a parse returns: how many elements stood deeper than the nesting limit and were
   * read as their text alone (their own markup dropped). Absent when none.
   */
  flattened?: number;
}

/** Character data (entities decoded). */
export interface XmlText {
  type: 'text';
  value: string;
}

/** A node of the tree; comments, processing instructions and declarations are left out. */
export type XmlNode = XmlElement | XmlText;

/** Deepest nesting kept; deeper elements are flattened into their ancestor (hostile input guard). */
export const MAX_NESTING_DEPTH = 256;

/**
 * Makes `parser` ignore a start tag (as if it were not there; its text is kept) while `MAX_NESTING_DEPTH` elements are
 * open, so the parser's own stack of open elements stays short. htmlparser2 12 keeps that stack with
 * `unshift`/`shift`, each as slow as the stack is deep: 900,000 unclosed `<b>` (a 2.7 MB upload) took the reading
 * thread for minutes, time growing with the square of the nesting (issue 32, point 1). An ignored start tag goes the
 * way htmlparser2 itself ignores a nested `<form>` (its `tagname` emptied: no attributes, no open-tag event, and no
 * end tag can close it); its end tag then matches nothing open and is dropped. The tree builders below keep no
 * deeper than `MAX_NESTING_DEPTH` either, so nothing they would have kept is lost.
 * htmlparser2 offers no hook for this, so it goes through the parser's internals: the package is pinned to the exact
 * version read (engine package.json), and the guard refuses to run without them rather than leave the parser
 * unbounded.
 * `onIgnored` is called for each start tag ignored.
 * @throws Error when this htmlparser2 lacks the internals (an upgrade must port this guard; every HTML test fails).
 */
export function boundNesting(parser: Parser, onIgnored?: () => void): Parser {
  const internals = parser as unknown as { emitOpenTag?: (name: string) => void; isVoidElement?: (name: string) => boolean; stack?: unknown; tagname: string };
  const emitOpenTag = internals.emitOpenTag;
  if (typeof emitOpenTag !== 'function' || typeof internals.isVoidElement !== 'function' || !Array.isArray(internals.stack)) {
    throw new Error('boundNesting: this htmlparser2 has no emitOpenTag/isVoidElement/stack; port the nesting guard to it (read/xml.ts)');
  }
  const isVoidElement = internals.isVoidElement.bind(internals);
  const stack = internals.stack as unknown[];
  internals.emitOpenTag = (name: string) => {
    // A void element (`<br>`, `<img>`) is never on the stack.
    if (stack.length >= MAX_NESTING_DEPTH && !isVoidElement(name)) {
      internals.tagname = '';
      onIgnored?.();
      return;
    }
    emitOpenTag.call(internals, name);
  };
  return parser;
}

function parse(text: string, xmlMode: boolean): XmlElement {
  const root: XmlElement = { type: 'element', name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let overflow = 0;
  let flattened = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (stack.length >= MAX_NESTING_DEPTH) {
          overflow++;
          flattened++;
          return;
        }
        const el: XmlElement = { type: 'element', name, attrs: { ...attrs }, children: [] };
        stack[stack.length - 1]!.children.push(el);
        stack.push(el);
      },
      onclosetag() {
        if (overflow > 0) {
          overflow--;
          return;
        }
        if (stack.length > 1) stack.pop();
      },
      ontext(value) {
        const parent = stack[stack.length - 1]!;
        const last = parent.children[parent.children.length - 1];
        if (last && last.type === 'text') last.value += value;
        else parent.children.push({ type: 'text', value });
      },
    },
    {
      xmlMode,
      decodeEntities: true,
      recognizeSelfClosing: true,
      recognizeCDATA: true,
      lowerCaseTags: !xmlMode,
      lowerCaseAttributeNames: !xmlMode,
    },
  );
  boundNesting(parser, () => flattened++).end(text);
  if (flattened > 0) root.flattened = flattened;
  return root;
}

/**
 * Parses XML (OPF, NCX, container.xml). Returns a `#document` element holding the top-level nodes.
 * Never throws: malformed markup gives a best-effort tree (htmlparser2 is forgiving).
 */
export function parseXml(text: string): XmlElement {
  return parse(text, true);
}

/**
 * Parses HTML or XHTML (tag soup, self-closing `<br/>`, HTML named entities such as `&rsquo;`).
 * Element and attribute names are lowercased. Never throws.
 */
export function parseHtml(text: string): XmlElement {
  return parse(text, false);
}

/** Name without its namespace prefix (`dc:title` -> `title`), lowercased. */
export function localName(name: string): string {
  const i = name.indexOf(':');
  return (i >= 0 ? name.slice(i + 1) : name).toLowerCase();
}

/** An attribute by local name (`epub:type` found as `type` only when asked with its prefix). */
export function attr(el: XmlElement, name: string): string | undefined {
  if (name in el.attrs) return el.attrs[name];
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(el.attrs)) if (k.toLowerCase() === lower || localName(k) === lower) return v;
  return undefined;
}

/** Child elements, optionally only those of a local name. */
export function childElements(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.type === 'element' && (!name || localName(c.name) === name)) out.push(c);
  return out;
}

/** Every descendant element (document order) whose local name is `name`. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (c.type !== 'element') continue;
      if (localName(c.name) === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** The first descendant element of a local name, or undefined. */
export function findFirst(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    if (localName(c.name) === name) return c;
    const inner = findFirst(c, name);
    if (inner) return inner;
  }
  return undefined;
}

/** Concatenated text of a node and its descendants. */
export function textContent(node: XmlNode): string {
  if (node.type === 'text') return node.value;
  let out = '';
  for (const c of node.children) out += textContent(c);
  return out;
}

/** A name {@link wellFormedXml} writes: an XML name with at most one prefix (`w:p`, `xmlns:w`, `xml:space`). */
const PLAIN_XML_NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

const escapeXmlText = (s: string): string => (/[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s);
const escapeXmlAttr = (s: string): string =>
  /[&<"\t\n\r]/.test(s)
    ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;')
    : s;

/**
 * Any text, read as XML by the forgiving tokenizer of {@link parseXml} and written back well formed: an XML
 * declaration and the first element as the only root, with nothing around it (no second root, no text,
 * comment, processing instruction or DTD); comments, processing instructions and CDATA markers inside it
 * dropped (CDATA content kept as text); elements deeper than {@link MAX_NESTING_DEPTH} flattened into their
 * ancestor; an element or attribute whose name is not a plain XML name left out (an element's content
 * kept); text and attribute values escaped. A strict parser reads the result in linear time.
 * @returns `''` when the text holds no element, or its first element's name is not a plain XML name.
 */
export function wellFormedXml(text: string): string {
  let out = '';
  /** True while the last start tag written still lacks its `>` (it becomes `/>` if nothing comes inside). */
  let pending = false;
  const open: (string | undefined)[] = [];
  let overflow = 0;
  let state: 'before' | 'root' | 'after' = 'before';
  const plain = new Map<string, boolean>();
  const isPlain = (name: string): boolean => {
    let ok = plain.get(name);
    if (ok === undefined) plain.set(name, (ok = PLAIN_XML_NAME.test(name)));
    return ok;
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (state === 'after') return;
        if (open.length >= MAX_NESTING_DEPTH - 1) {
          overflow++;
          return;
        }
        if (state === 'before') {
          if (!isPlain(name)) {
            state = 'after';
            return;
          }
          state = 'root';
        }
        const written = isPlain(name) ? name : undefined;
        open.push(written);
        if (written === undefined) return;
        out += pending ? `><${name}` : `<${name}`;
        for (const key in attrs) if (isPlain(key)) out += ` ${key}="${escapeXmlAttr(attrs[key]!)}"`;
        pending = true;
      },
      onclosetag() {
        if (state !== 'root') return;
        if (overflow > 0) {
          overflow--;
          return;
        }
        const name = open.pop();
        if (name !== undefined) {
          out += pending ? '/>' : `</${name}>`;
          pending = false;
        }
        if (open.length === 0) state = 'after';
      },
      ontext(value) {
        if (state !== 'root' || value === '') return;
        out += pending ? `>${escapeXmlText(value)}` : escapeXmlText(value);
        pending = false;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true, recognizeCDATA: true },
  );
  boundNesting(parser).end(text);
  return out ? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${out}` : '';
}
