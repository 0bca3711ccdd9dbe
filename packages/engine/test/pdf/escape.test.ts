/**
 * escapeTypst: one test per rule (what the markup looks like), then the judge: each case typeset in a
 * real PDF must come back literally from pdftotext.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../src/model/book-document.ts';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { compileTypstToPdf } from '../../src/write/typst/pdf.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { escapeTypst, typstStringLiteral } from '../../src/write/typst/escape.ts';
import { HOSTILE, p, t } from './fixtures.ts';
import { allPageTexts, pdfFile, squash, type PdfFile } from './poppler.ts';

/** [rule, input, expected markup]. */
const RULES: Array<[string, string, string]> = [
  ['backslash (escape, line break)', 'a\\b \\ c', 'a\\\\b \\\\ c'],
  ['hash (embedded code)', '#let x', '\\#let x'],
  ['dollar (math)', '$x^2$', '\\$x^2\\$'],
  ['asterisk (strong)', '*bold*', '\\*bold\\*'],
  ['underscore (emphasis)', '_emph_', '\\_emph\\_'],
  ['backtick (raw)', '`raw`', '\\`raw\\`'],
  ['angle brackets (label)', '<label>', '\\<label\\>'],
  ['at sign (reference)', '@ref', '\\@ref'],
  ['equals (heading at line start)', '= Heading', '\\= Heading'],
  ['hyphen (list item, dashes, soft hyphen, minus)', '- a -- b --- c -? -1', '\\- a \\-\\- b \\-\\-\\- c \\-? \\-1'],
  ['plus (numbered item)', '+ item', '\\+ item'],
  ['slash (term item, comments, autolinks)', '/ t: // c /* d */ https://x', '\\/ t: \\/\\/ c \\/\\* d \\*\\/ https:\\/\\/x'],
  ['square brackets (content block)', '[a] ]', '\\[a\\] \\]'],
  ['tilde (no-break space)', 'a~b', 'a\\~b'],
  ['double quote (smart quote)', '"q"', '\\"q\\"'],
  ['single quote (smart quote)', "it's", "it\\'s"],
  ['dot (ellipsis, numbered item "1.")', '1. Wait...', '1\\. Wait\\.\\.\\.'],
  ['parenthesis (call after an expression)', '(x)', '\\(x)'],
  ['semicolon (terminator after an expression)', 'a; b', 'a\\; b'],
  ['newlines become spaces', 'a\nb\r\nc\u2028d', 'a b c d'],
  ['tab becomes a space', 'a\tb', 'a b'],
  ['control characters are dropped', 'a\u0000b\u0007c\u009fd', 'abcd'],
  ['ordinary letters, digits and typography untouched', 'Ça — “x” … 42 œ', 'Ça — “x” … 42 œ'],
];

describe('escapeTypst rules', () => {
  for (const [rule, input, expected] of RULES) {
    it(rule, () => {
      expect(escapeTypst(input)).toBe(expected);
    });
  }

  it('leaves no unescaped special character (property over every ASCII punctuation)', () => {
    const specials = '\\#$*_`<>@=-+/[]~"\'.(;';
    const out = escapeTypst(specials);
    for (let i = 0; i < out.length; i += 2) {
      expect(out[i]).toBe('\\');
      expect(specials).toContain(out[i + 1]);
    }
  });

  it('typstStringLiteral quotes backslash, double quote and control characters', () => {
    expect(typstStringLiteral('a"b\\c\nd')).toBe('"a\\"b\\\\c\\u{a}d"');
  });
});

/** A file the payloads try to read: its words must never reach the PDF (issue 14: "reads no file"). */
const SECRET_DIR = mkdtempSync(path.join(os.tmpdir(), 'quire-typst-secret-'));
const SECRET_FILE = path.join(SECRET_DIR, 'secret.txt');
const SECRET_WORDS = 'TOPSECRETMARKER';

/** Typst code that would read a file, include or import source, or load data, were it not shown as text. */
const FILE_PAYLOADS = [
  `#read("${SECRET_FILE}")`,
  `#include "${SECRET_FILE}"`,
  `#import "${SECRET_FILE}": *`,
  `#image("${SECRET_FILE}")`,
  `#csv("${SECRET_FILE}")`,
  `#{ read("${SECRET_FILE}") }`,
  `#eval("read(\\"${SECRET_FILE}\\")")`,
  `#sys.inputs`,
];

describe('escaped text in a typeset PDF', () => {
  // Unjustified, so no hyphenation splits a word across lines and pdftotext gives the text back whole.
  const layout = { ...kdp6x9Layout, justify: false };
  const cases = RULES.filter(([rule]) => !/newlines|tab|control/.test(rule)).map(([, input]) => input);
  let pdf: PdfFile;
  let text: string;

  beforeAll(() => {
    writeFileSync(SECRET_FILE, SECRET_WORDS);
    const blocks: Block[] = [...cases, HOSTILE, ...FILE_PAYLOADS].map((value, i) => p(`Case${i}: ${value}`));
    const doc = {
      meta: { title: 'Hostile #title $x$ *y*', author: 'An "author" \\ #x', language: 'en' },
      front: [],
      body: [{ type: 'chapter' as const, id: 'ch-1', title: [t('= Not a heading #x')], blocks }],
      back: [],
      footnotes: {},
      assets: {},
    };
    pdf = pdfFile(compileTypstToPdf(writeTypst(doc, layout)));
    text = squash(allPageTexts(pdf.path).join('\n'));
  });
  afterAll(() => {
    pdf?.dispose();
    rmSync(SECRET_DIR, { recursive: true, force: true });
  });

  it('shows code that would read a file as text, and reads no file', () => {
    const bare = (value: string) => value.replace(/\s+/g, '');
    FILE_PAYLOADS.forEach((payload, i) => {
      expect(bare(text)).toContain(bare(`Case${cases.length + 1 + i}: ${payload}`));
    });
    // The paths are printed; what the file holds is not.
    expect(text).not.toContain(SECRET_WORDS);
  });

  it('prints every rule case literally', () => {
    cases.forEach((value, i) => {
      expect(text).toContain(squash(`Case${i}: ${value}`));
    });
  });

  it('prints a paragraph full of Typst syntax literally', () => {
    // Compared without spaces: the line may break after a slash of the URL.
    const bare = (s: string) => s.replace(/\s+/g, '');
    expect(bare(text)).toContain(bare(`Case${cases.length}: ${HOSTILE}`));
  });

  it('prints hostile title, author and chapter title literally', () => {
    expect(text).toContain('Hostile #title $x$ *y*');
    expect(text).toContain('An "author" \\ #x');
    expect(text).toContain('= Not a heading #x');
  });
});
