/**
 * Code listings of an (X)HTML document -> the model's `code` block.
 *
 * A `<pre>` is code when it holds a `<code>` element (HTML's own idiom for a listing, WHATWG HTML §4.4.3, and what
 * pandoc, Markdown tools and most EPUBs write) or names a language (`class="language-x"`, `lang-x`, pandoc's
 * `class="sourceCode julia"`, `data-lang`). A bare `<pre>` stays verse: Project Gutenberg set poems so.
 * Highlighted code (pandoc's `<span class="kw">` per token, `<a class="sourceLine">` or `<span id="cb1-1">` per
 * line) gives its text and line breaks only.
 */
import { attr, textContent, type XmlElement } from '../xml.ts';
import { classes, tag } from './dom.ts';

/** Classes that say "this is code" without naming a language. */
const GENERIC = new Set(['sourcecode', 'code', 'numbersource', 'numberlines', 'programlisting', 'highlight', 'hljs', 'prettyprint', 'src', 'literal-block', 'screen', 'example']);

/** The language named by classes like `language-julia`, `lang-js`, `sourceCode julia`, or `data-lang`. */
function languageOf(el: XmlElement): string | undefined {
  const data = attr(el, 'data-lang') ?? attr(el, 'data-language');
  if (data && /^[\w+#.-]{1,40}$/.test(data)) return data.toLowerCase();
  const cls = classes(el);
  for (const c of cls) {
    const m = /^(?:language|lang|src|highlight-source)-([\w+#.-]{1,40})$/.exec(c);
    if (m) return m[1];
  }
  // pandoc: `class="sourceCode julia"`; the other class is the language.
  if (cls.includes('sourcecode')) return cls.find((c) => !GENERIC.has(c) && /^[\w+#.-]{1,40}$/.test(c));
  return undefined;
}

function codeChild(pre: XmlElement): XmlElement | undefined {
  const elements = pre.children.filter((c) => c.type === 'element') as XmlElement[];
  const text = pre.children.filter((c) => c.type === 'text' && /\S/.test(c.value));
  return elements.length === 1 && tag(elements[0]!) === 'code' && text.length === 0 ? elements[0] : undefined;
}

/** True when a `<pre>` is a code listing (see the module comment). */
export function isCodePre(pre: XmlElement, parent?: XmlElement): boolean {
  if (codeChild(pre)) return true;
  if (languageOf(pre)) return true;
  if (classes(pre).some((c) => GENERIC.has(c))) return true;
  return parent !== undefined && classes(parent).includes('sourcecode');
}

/** The code block of a listing `<pre>`: its text with line breaks and indentation, language when named. */
export function codeBlock(pre: XmlElement): { type: 'code'; language?: string; value: string } | undefined {
  const code = codeChild(pre);
  const language = (code ? languageOf(code) : undefined) ?? languageOf(pre);
  const value = preText(pre)
    .replace(/\r\n?/g, '\n')
    .replace(/^\n+/, '') // HTML drops a newline right after `<pre>` (WHATWG HTML §13.2.6.4.7); blank lines at the ends say nothing
    .replace(/\s+$/, '');
  if (!/\S/.test(value)) return undefined;
  return language ? { type: 'code', language, value } : { type: 'code', value };
}

/** Text of a `<pre>`, with `<br>` as a line break (some converters write highlighted lines so). */
function preText(el: XmlElement): string {
  let s = '';
  for (const c of el.children) {
    if (c.type === 'text') s += c.value;
    else if (tag(c) === 'br') s += '\n';
    else s += tag(c) === 'code' || c.children.length > 0 ? preText(c) : textContent(c);
  }
  return s;
}
