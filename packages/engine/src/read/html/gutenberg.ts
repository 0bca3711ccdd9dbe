/**
 * Removes Project Gutenberg's header, licence and footer from an HTML edition, in place.
 *
 * Generations handled (corpus `gutenberg-html/`, PG's HTML conventions):
 * - [X] 2000s-2010s files: header and licence as plain text in `<pre>` or `<p>` around the
 *       `*** START OF THIS PROJECT GUTENBERG EBOOK ... ***` / `*** END OF ... ***` lines (also the
 *       `***START OF THE...***` form without spaces); everything before the START line's block and
 *       from the END line's block on is boilerplate
 * - [X] 2020s files: `<section class="pg-boilerplate">`, `div#pg-header`, `div#pg-footer`,
 *       `#pg-machine-header`, `#pg-start-separator`, `#pg-end-separator`
 * - [X] an `End of the Project Gutenberg EBook of ...` line just before the END block
 * The removed header text is returned so that title, author and language can be read from it.
 */
import { textContent, type XmlElement, type XmlNode } from '../xml.ts';
import { detach, elementId, hasClass, INLINE, tag } from './dom.ts';

const START = /\*{2,}\s*START\s+OF\s+(?:THE|THIS)\s+PROJECT\s+GUTENBERG/i;
const END = /\*{2,}\s*END\s+OF\s+(?:THE|THIS)\s+PROJECT\s+GUTENBERG/i;
const END_LINE = /^\s*End\s+of\s+(?:the\s+)?Project\s+Gutenberg/i;
const BOILERPLATE_IDS = new Set(['pg-header', 'pg-footer', 'pg-machine-header', 'pg-start-separator', 'pg-end-separator']);

/** What {@link stripGutenbergHtml} removed: the header's text (for metadata) and a block count. */
export interface GutenbergStripResult {
  headerText: string;
  removedBlocks: number;
}

/** The chain of nodes from `root` down to the first text node matching `re`, or undefined. */
function pathTo(root: XmlElement, re: RegExp): XmlNode[] | undefined {
  const stack: XmlNode[] = [];
  const walk = (el: XmlElement): boolean => {
    for (const c of el.children) {
      stack.push(c);
      if (c.type === 'text' ? re.test(c.value) : walk(c)) return true;
      stack.pop();
    }
    return false;
  };
  return walk(root) ? [root, ...stack] : undefined;
}

/** Index in `path` of the block that holds the marker: the deepest non-inline element below `body`. */
function blockIndex(path: readonly XmlNode[]): number {
  for (let i = path.length - 2; i > 0; i--) {
    const n = path[i]!;
    if (n.type !== 'element') continue;
    const t = tag(n);
    if (t === 'body' || t === 'html' || t === '#document') return -1;
    if (!INLINE.has(t)) return i;
  }
  return -1;
}

function hasText(node: XmlNode): boolean {
  return /\S/.test(textContent(node));
}

/**
 * Strips the boilerplate from the tree (see the module comment).
 * @returns the header's text and how many blocks with text were removed (0 for a non-Gutenberg file).
 */
export function stripGutenbergHtml(root: XmlElement): GutenbergStripResult {
  let headerText = '';
  let removedBlocks = 0;

  // 2020s: marked sections.
  const marked: [XmlElement, XmlElement][] = [];
  const walk = (el: XmlElement): void => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      const id = elementId(c);
      if ((id && BOILERPLATE_IDS.has(id)) || hasClass(c, /^pg-boilerplate$/)) marked.push([c, el]);
      else walk(c);
    }
  };
  walk(root);
  for (const [el, parent] of marked) {
    if (elementId(el) !== 'pg-footer') headerText += `${textContent(el)}\n`;
    detach(el, parent);
    removedBlocks++;
  }

  // Marker lines: cut before START's block, and from END's block on.
  const start = pathTo(root, START);
  if (start) {
    const b = blockIndex(start);
    for (let i = 0; i < start.length - 1; i++) {
      const parent = start[i] as XmlElement;
      const child = start[i + 1]!;
      const at = parent.children.indexOf(child);
      const before = parent.children.splice(0, at);
      for (const n of before) {
        headerText += `${textContent(n)}\n`;
        if (hasText(n)) removedBlocks++;
      }
    }
    if (b > 0) {
      headerText += `${textContent(start[b]!)}\n`;
      detach(start[b]!, start[b - 1] as XmlElement);
      removedBlocks++;
    } else {
      const text = start[start.length - 1] as { type: 'text'; value: string };
      headerText += text.value;
      text.value = '';
    }
  }
  const end = pathTo(root, END);
  if (end) {
    const b = blockIndex(end);
    for (let i = 0; i < end.length - 1; i++) {
      const parent = end[i] as XmlElement;
      const at = parent.children.indexOf(end[i + 1]!);
      const after = parent.children.splice(at + 1);
      removedBlocks += after.filter(hasText).length;
    }
    if (b > 0) {
      const parent = end[b - 1] as XmlElement;
      const at = parent.children.indexOf(end[b]!);
      detach(end[b]!, parent);
      removedBlocks++;
      // "End of the Project Gutenberg EBook of ..." or an "About Project Gutenberg" heading just before.
      for (let k = at - 1; k >= 0 && k >= at - 3; k--) {
        const prev = parent.children[k]!;
        if (!hasText(prev)) continue;
        if (END_LINE.test(textContent(prev)) || (prev.type === 'element' && /^h[1-6]$/.test(tag(prev)) && /Project\s+Gutenberg/i.test(textContent(prev)))) {
          parent.children.splice(k, 1);
          removedBlocks++;
          continue;
        }
        break;
      }
    } else {
      const text = end[end.length - 1] as { type: 'text'; value: string };
      text.value = '';
    }
  }
  return { headerText, removedBlocks };
}
