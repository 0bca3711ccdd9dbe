/**
 * Writes a tree of `../xml.ts` back as XML text (for mammoth, after `preprocess.ts` changed a Word part). The
 * result still goes through `wellFormedXml` with every other part, which guarantees what mammoth's parser gets.
 */
import type { XmlElement, XmlNode } from '../xml.ts';

const text = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string): string => text(s).replace(/"/g, '&quot;');

/** The XML of a parsed tree (`#document` roots write their children). Iterative: Word nests deep. */
export function writeXml(root: XmlElement): string {
  const out: string[] = [];
  const stack: (XmlNode | string)[] = root.name === '#document' ? [...root.children].reverse() : [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') {
      out.push(n);
      continue;
    }
    if (n.type === 'text') {
      out.push(text(n.value));
      continue;
    }
    let open = `<${n.name}`;
    for (const [k, v] of Object.entries(n.attrs)) open += ` ${k}="${attr(v)}"`;
    if (n.children.length === 0) {
      out.push(`${open}/>`);
      continue;
    }
    out.push(`${open}>`);
    stack.push(`</${n.name}>`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out.join('');
}
