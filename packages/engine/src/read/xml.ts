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
}

/** Character data (entities decoded). */
export interface XmlText {
  type: 'text';
  value: string;
}

/** A node of the tree; comments, processing instructions and declarations are left out. */
export type XmlNode = XmlElement | XmlText;

/** Deepest nesting kept; deeper elements are flattened into their ancestor (hostile input guard). */
const MAX_DEPTH = 256;

function parse(text: string, xmlMode: boolean): XmlElement {
  const root: XmlElement = { type: 'element', name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let overflow = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (stack.length >= MAX_DEPTH) {
          overflow++;
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
  parser.end(text);
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
