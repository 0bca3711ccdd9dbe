/**
 * Hand-built books for the EPUB, DOCX and HTML writer tests.
 */
import type { Block, BookDocument, Chapter, Inline } from '../../src/model/book-document.ts';

export const t = (value: string): Inline => ({ type: 'text', value });
export const p = (...children: Inline[]): Block => ({ type: 'paragraph', children });
export const em = (...children: Inline[]): Inline => ({ type: 'emphasis', children });
export const ref = (id: string): Inline => ({ type: 'footnoteRef', id });

/** Text meant to break markup: tags, entities, quotes, CDATA end, XML-invalid control characters. */
export const HOSTILE = `<script>alert("x")</script> & 'q' ]]> \u0000\u0001\u0008\u000B\u000C\u001F\u007F\u0085\uFFFE bye`;

/** A book with every node type, parts, front and back matter, footnotes and hostile text. */
export function sampleBook(): BookDocument {
  const ch1: Chapter = {
    type: 'chapter',
    id: 'ch-1',
    title: [t('Loomings')],
    blocks: [
      p(t('Call me Ishmael.'), ref('n1'), t(' Some years ago — never mind how long precisely.')),
      p(t('Second paragraph with '), em(t('emphasis')), t(', '), { type: 'strong', children: [t('strong')] }, t(' and '), { type: 'smallCaps', children: [t('Small Caps')] }, t('.')),
      { type: 'sceneBreak' },
      p(t('After the break.'), { type: 'lineBreak' }, t('New line.')),
      { type: 'heading', level: 2, children: [t('A sub-heading')] },
      p(t('Links: '), { type: 'link', href: 'https://example.com/a?b=1&c=2', children: [t('safe')] }, t(', '),
        { type: 'link', href: 'javascript:alert(1)', children: [t('evil')] }, t(', '),
        { type: 'link', href: '#ch-2', children: [t('next chapter'), ref('n2')] }, t(', '),
        { type: 'link', href: 'mailto:ishmael@example.com', children: [t('mail')] }, t('.')),
      { type: 'verse', stanzas: [[{ indent: 0, children: [t('Roses are red,')] }, { indent: 1, children: [t('violets are blue')] }], [{ indent: 2, children: [t('second stanza')] }]] },
      { type: 'blockQuote', children: [p(t('A quoted paragraph.')), p(t('And another.'))] },
      { type: 'list', ordered: true, items: [[p(t('first'))], [p(t('second'))]] },
      { type: 'list', ordered: false, items: [[p(t('bullet'))]] },
      { type: 'figure', alt: 'A whale breaching', caption: [t('The whale, '), em(t('breaching'))] },
      { type: 'figure', src: 'https://example.com/whale.png', alt: 'Alt <text>', caption: [] },
    ],
  };
  const ch2: Chapter = {
    type: 'chapter',
    id: 'ch-2',
    title: [t('The Carpet-Bag')],
    blocks: [p(t('Back to the first note'), ref('n1'), t(' and a missing one'), ref('nope'), t('.'))],
  };
  const ch3: Chapter = { type: 'chapter', id: 'ch-3', title: [t(HOSTILE)], blocks: [p(t(HOSTILE)), p(t('Note in chapter three'), ref('n3'))] };
  const ch4: Chapter = { type: 'chapter', id: 'ch-4', title: [], blocks: [p(t('A chapter without a title.'))] };
  return {
    meta: {
      title: 'Moby-Dick & "Friends" <Vol. 1>',
      author: 'Herman Melville',
      language: 'en',
      description: 'A whale of a <tale> & more',
      publisher: 'Quire Test Press',
      publicationYear: 1851,
      subjects: ['Fiction', 'Sea stories'],
      keywords: ['whales'],
    },
    front: [
      { type: 'section', kind: 'dedication', id: 'front-1', title: [], blocks: [p(t('To Nathaniel Hawthorne.'))] },
      { type: 'section', kind: 'preface', id: 'front-2', title: [t('Preface')], blocks: [p(t('A preface.'))] },
    ],
    body: [
      { type: 'part', id: 'part-1', title: [t('Part One')], blocks: [p(t('Introduction to the part.'))], chapters: [ch1, ch2] },
      { type: 'part', id: 'part-2', title: [t('Part Two')], blocks: [], chapters: [ch3] },
      ch4,
    ],
    back: [{ type: 'section', kind: 'appendix', id: 'back-1', title: [t('Appendix')], blocks: [p(t('Extra material.'))] }],
    footnotes: {
      n1: [p(t('The first note, with '), em(t('emphasis')), t('.'))],
      n2: [p(t('A note referenced inside a link.'))],
      n3: [p(t('Hostile note: ' + HOSTILE)), p(t('Second paragraph of note three.'))],
      orphan: [p(t('A note nobody references.'))],
    },
    assets: {},
  };
}

/** A deterministic pseudo-random word stream (no randomness at test time). */
function words(seed: number, count: number): string {
  const vocab = ['whale', 'sea', 'ship', 'captain', 'harpoon', 'ocean', 'voyage', 'sailor', 'deck', 'storm', 'wind', 'the', 'and', 'of', 'a', 'to', 'in', 'was', 'he', 'it'];
  let x = seed >>> 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(vocab[x % vocab.length] as string);
  }
  return out.join(' ');
}

/**
 * A large book: `chapters` chapters of `paragraphs` paragraphs of `wordsPer` words, a footnote every 20 paragraphs,
 * a scene break every 30. Defaults give roughly 3 MB of text.
 */
export function largeBook(chapters = 60, paragraphs = 80, wordsPer = 110): BookDocument {
  const footnotes: Record<string, Block[]> = {};
  const body: Chapter[] = [];
  for (let c = 1; c <= chapters; c++) {
    const blocks: Block[] = [];
    for (let i = 0; i < paragraphs; i++) {
      const children: Inline[] = [t(words(c * 1000 + i, wordsPer))];
      if (i % 20 === 5) {
        const id = `c${c}n${i}`;
        footnotes[id] = [p(t(words(i, 20)))];
        children.push(ref(id));
      }
      blocks.push(p(...children));
      if (i % 30 === 29) blocks.push({ type: 'sceneBreak' });
    }
    body.push({ type: 'chapter', id: `ch-${c}`, title: [t(`Chapter ${c}`)], blocks });
  }
  return {
    meta: { title: 'A Large Book', author: 'Test Author', language: 'en' },
    front: [],
    body,
    back: [],
    footnotes,
    assets: {},
  };
}
