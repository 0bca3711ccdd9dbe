/**
 * A part's author (`Part.author`): a collection of several authors' texts names each text's author on its part
 * heading, `# Title {.part author="Name"}`; the parser reads it and the serializer writes it back.
 */
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import type { Part } from '../../src/model/book-document.ts';

const meta = { title: 'A Christmas Treasury', author: 'Various', language: 'en' };
const parts = (md: string) => parseMarkdown(md, meta).body.filter((d): d is Part => d.type === 'part');

describe('Part.author', () => {
  it('is read from the part heading, spaces kept', () => {
    const md = '# The Spirit of Christmas {.part author="Henry van Dyke"}\n\n# Keeping Christmas {.piece}\n\nText.\n\n# A Christmas Carol {.part}\n\n# Stave One\n\nMarley was dead.\n';
    const [first, second] = parts(md);
    expect(first).toMatchObject({ title: [{ type: 'text', value: 'The Spirit of Christmas' }], author: 'Henry van Dyke' });
    expect(first!.chapters).toHaveLength(1);
    expect(second!.author).toBeUndefined();
    expect('author' in second!).toBe(false);
  });

  it('round-trips through serializeMarkdown, quotes and backslashes escaped', () => {
    const md = '# Poems {.part author="Gerard \\"Manley\\" Hopkins \\\\ S.J."}\n\n# Pied Beauty {.piece}\n\nGlory be to God for dappled things.\n';
    const doc = parseMarkdown(md, meta);
    expect((doc.body[0] as Part).author).toBe('Gerard "Manley" Hopkins \\ S.J.');
    const again = serializeMarkdown(doc);
    expect(again).toContain('# Poems {.part author="Gerard \\"Manley\\" Hopkins \\\\ S.J."}');
    expect(parseMarkdown(again, meta)).toEqual(doc);
  });

  it('takes curly quotes as an editor types them, and a bare value', () => {
    expect(parts('# Dubliners {.part author=“James Joyce”}\n\n# The Sisters\n\nText.\n')[0]!.author).toBe('James Joyce');
    expect(parts('# Dubliners {.part author=Joyce}\n\n# The Sisters\n\nText.\n')[0]!.author).toBe('Joyce');
  });

  it('leaves a heading whose attribute list is malformed as text', () => {
    const doc = parseMarkdown('# Dubliners {.part author="James Joyce}\n\nText.\n', meta);
    expect(doc.body[0]!.type).toBe('chapter');
  });
});
