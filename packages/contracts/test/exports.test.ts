import { describe, expect, it } from 'vitest';
import { exportFileName, ImportUrlBodySchema, RegisterBodySchema } from '../src/index.ts';

describe('exportFileName', () => {
  it('replaces every non-alphanumeric character of the title with an underscore', () => {
    expect(exportFileName("Alice's Adventures in Wonderland", 'pdf')).toBe('Alice_s_Adventures_in_Wonderland_KDP_Print.pdf');
    expect(exportFileName('Faust: Der Tragödie', 'epub')).toBe('Faust__Der_Trag_die.epub');
    expect(exportFileName('Moby-Dick', 'html')).toBe('Moby_Dick_KDP_Ready.html');
    expect(exportFileName('Moby-Dick', 'epub-html')).toBe('Moby_Dick_EPUB_Ready.html');
    expect(exportFileName('Moby-Dick', 'docx')).toBe('Moby_Dick.docx');
  });
});

describe('request schemas', () => {
  it('gives the spec messages for a bad email, a short password and a bad URL', () => {
    const reg = RegisterBodySchema.safeParse({ email: 'nope', password: '123' });
    expect(reg.success).toBe(false);
    const messages = reg.error?.issues.map((i) => i.message);
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain('Password must be at least 6 characters');
    const url = ImportUrlBodySchema.safeParse({ url: 'ftp://example.com/x' });
    expect(url.error?.issues[0]?.message).toBe('Please enter a valid URL');
    expect(ImportUrlBodySchema.parse({ url: ' https://example.com/a.txt ' }).url).toBe('https://example.com/a.txt');
  });
});
