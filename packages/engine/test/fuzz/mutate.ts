/**
 * Mutants of valid files for the reader fuzz tests, as small printable recipes (fast-check prints the
 * recipe of a failing case, not megabytes of bytes) applied to a seed by {@link mutate}.
 *
 * Kinds of mutation:
 * - bytes, any format: flips at random offsets, truncation, inserted runs of random bytes (repeated
 *   up to 4,096 times), overwritten runs, a slice of the file copied elsewhere;
 * - markup (HTML, Markdown, and the XML/XHTML inside DOCX and EPUB): tokens from a dictionary of
 *   tricky markup inserted at tag boundaries (deep nesting, entities, a DTD, CDATA, broken references,
 *   data: URIs), tags deleted, a run of tags repeated, attribute values replaced;
 * - text lines (plain text, Markdown): Gutenberg markers, headings, BOMs, control characters;
 * - PDF syntax: a number (object numbers, lengths, offsets, counts) or a name (/Type, /Filter, ...)
 *   replaced, a token inserted at a line start, lines deleted;
 * - ZIP, for DOCX and EPUB: an entry edited by the byte and markup mutations above and the archive
 *   re-zipped, so that the XML parsers see it (a raw byte flip mostly breaks the deflate stream
 *   first); an entry removed, renamed or duplicated under another case; a field of an entry's central
 *   or local header patched (declared size, compressed size, offset, method, flags, name length).
 */
import fc from 'fast-check';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { InputFormat } from '../../src/read/index.ts';
import { patchDeclaredSize } from '../readers/hostile-zips.ts';

/** A mutation of raw bytes. Offsets are taken modulo the length of what they apply to. */
export type ByteOp =
  | { op: 'flip'; flips: { at: number; xor: number }[] }
  | { op: 'truncate'; keep: number }
  | { op: 'insert'; at: number; run: Uint8Array; repeat: number }
  | { op: 'overwrite'; at: number; run: Uint8Array }
  | { op: 'copy'; from: number; length: number; to: number };

/** A mutation of markup or text; `at` counts boundaries (a `<`, or a line start), modulo their number. */
export type TextOp =
  | { op: 'token'; at: number; token: string; repeat: number }
  | { op: 'delete-tags'; at: number; count: number }
  | { op: 'repeat-tags'; at: number; span: number; repeat: number }
  | { op: 'attr'; at: number; value: string; repeat: number }
  | { op: 'pdf-number'; at: number; value: string }
  | { op: 'pdf-name'; at: number; value: string }
  | { op: 'delete-lines'; at: number; count: number };

/** Header fields of a ZIP entry that {@link ZipOp} `header` may patch. */
export type HeaderField = 'size' | 'compressedSize' | 'offset' | 'method' | 'flags' | 'nameLength';

/** A mutation of a ZIP container (DOCX, EPUB) by entry; `entry` is an entry name of the seed. */
export type ZipOp =
  | { op: 'edit'; entry: string; edits: (ByteOp | TextOp)[] }
  | { op: 'remove'; entry: string }
  | { op: 'rename'; entry: string; to: string }
  | { op: 'duplicate'; entry: string; as: 'upper' | 'lower' | 'same-dir' }
  | { op: 'header'; entry: string; field: HeaderField; value: number; where: 'central' | 'local' | 'both' };

/** What is done to a seed: entry-level ZIP mutations first (then re-zipped), then text, then bytes. */
export interface Recipe {
  zip?: ZipOp[];
  text?: TextOp[];
  bytes?: ByteOp[];
}

// ---------------------------------------------------------------------------------------------------
// Dictionaries

/** Markup that stresses HTML/XHTML readers. */
const HTML_TOKENS = [
  '<p>', '</p>', '<div>', '</div>', '<br>', '<br/>', '<i>', '</i>', '<b>', '<h1>', '</h1>', '<h2>', '</h2>', '<h6>',
  '<section epub:type="cover">', '<section epub:type="footnote" id="n1">', '<aside epub:type="footnote" id="fn1">',
  '<a href="#n1">1</a>', '<a href="#">x</a>', '<a href="javascript:alert(1)">x</a>', '<a id="ch-1"></a>', '<sup><a href="#missing">9</a></sup>',
  '<img src="images/img-1.png" alt="x">', '<img src="../../../etc/passwd">', '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="data:image/png;base64,!!!!">', '<img src="data:,">', '<img src="http://example.com/x.png">', '<img>',
  '<svg><image href="images/img-1.png"/></svg>', '<svg><image xlink:href="x.png"/></svg>', '<figure><figcaption>c</figcaption></figure>',
  '<table><tr><td>', '</td></tr></table>', '<ol start="-5"><li>', '<ul><li>', '</li>', '<pre>', '</pre>', '<blockquote>', '<hr>',
  '<span class="pagenum">[Pg 3]</span>', '<div class="poem"><div class="stanza"><span class="i2">line</span>', '<p class="center">* * *</p>',
  '<script>alert(1)</script>', '<style>p{}</style>', '<title>', '</title>', '<head>', '</body>', '</html>', '<html>', '<body>',
  '&amp;', '&#0;', '&#x110000;', '&#xD800;', '&#65535;', '&nbsp;', '&rsquo;', '&unknown;', '&', '&#', '&#x;',
  '<!--', '-->', '<![CDATA[', ']]>', '<?xml version="1.0"?>', '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>', '&b;',
  '<!DOCTYPE x SYSTEM "file:///etc/passwd">', '<x:y z:w="1">', '<', '>', '"', "'", '=', '</', '/>', '\u0000', '\ufeff', '\ufffe', '\ud800',
  '*** START OF THE PROJECT GUTENBERG EBOOK X ***', '*** END OF THE PROJECT GUTENBERG EBOOK X ***', 'CHAPTER I.',
  '<blockquote>', '<li>', '<a href="#n1">', 'word ', 'x',
];

/** WordprocessingML, relationships and package parts. */
const DOCX_TOKENS = [
  '<w:p>', '</w:p>', '<w:r><w:t>text</w:t></w:r>', '<w:r>', '</w:r>', '<w:t>', '</w:t>', '<w:t xml:space="preserve"> </w:t>', '<w:br/>', '<w:tab/>',
  '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>', '<w:pPr><w:pStyle w:val="Heading9"/></w:pPr>', '<w:pPr><w:pStyle w:val="NoSuchStyle"/></w:pPr>',
  '<w:pPr><w:numPr><w:ilvl w:val="99"/><w:numId w:val="7"/></w:numPr></w:pPr>', '<w:pPr><w:numPr><w:ilvl w:val="-1"/><w:numId w:val="1"/></w:numPr></w:pPr>',
  '<w:footnoteReference w:id="99"/>', '<w:footnoteReference w:id="1"/>', '<w:endnoteReference w:id="-1"/>', '<w:commentReference w:id="0"/>',
  '<w:hyperlink r:id="rId999"><w:r><w:t>link</w:t></w:r></w:hyperlink>', '<w:hyperlink w:anchor="nowhere">', '<w:bookmarkStart w:id="0" w:name="x"/>',
  '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>', '<w:tbl>', '<w:tr>', '<w:tc>',
  '<w:drawing><wp:inline><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rId999"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>',
  '<w:sym w:font="Symbol" w:char="F0E0"/>', '<w:sym w:char="ZZZZ"/>', '<w:fldSimple w:instr="PAGE">', '<w:instrText>HYPERLINK "x"</w:instrText>',
  '<w:ins><w:r><w:t>ins</w:t></w:r></w:ins>', '<w:del><w:r><w:delText>d</w:delText></w:r></w:del>', '<mc:AlternateContent><mc:Choice Requires="w14">',
  '<w:smartTag>', '<w:sdt><w:sdtContent>', '<w:altChunk r:id="rId1"/>', '<w:object>', '<v:imagedata r:id="rId1"/>',
  '<Relationship Id="rId999" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../../../etc/passwd"/>',
  '<Relationship Id="rId998" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///etc/passwd" TargetMode="External"/>',
  '<Relationship Id="rId997" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/>',
  '<w:style w:type="paragraph" w:styleId="Heading1"><w:basedOn w:val="Heading1"/></w:style>',
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bogus"/></w:lvl></w:abstractNum>',
  '<dc:title>T</dc:title>', '<dc:creator></dc:creator>', '<dc:language>x-!!</dc:language>',
  '&#0;', '&#xFFFF;', '&amp;', '&lt;', '&bogus;', '<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>', '&b;',
  '<![CDATA[x]]>', '<!--', '-->', '<?xml version="1.0"?>', '<', '>', '</', '/>', '"', '\u0000', '\ufeff',
  '<w:tbl><w:tr><w:tc>', '<w:hyperlink>', '<w:ins>', '<w:r><w:t>word </w:t></w:r>',
];

/** EPUB container, package document and navigation. */
const EPUB_TOKENS = [
  '<item id="x" href="../../../etc/passwd" media-type="application/xhtml+xml"/>', '<itemref idref="x"/>', '<itemref idref="chapter-001"/>',
  '<item id="y" href="chapter-001.xhtml" media-type="application/xhtml+xml"/>', '<item id="z" href="missing.xhtml" media-type="application/xhtml+xml"/>',
  '<item id="i" href="images/img-1.png" media-type="image/png"/>', '<item id="s" href="style.css" media-type="text/css"/>',
  '<item id="w" href="data:text/html,hi" media-type="application/xhtml+xml"/>', '<itemref idref=""/>', '<itemref/>', '<spine>', '</spine>', '<manifest>', '</manifest>',
  '<rootfile full-path="/etc/passwd" media-type="application/oebps-package+xml"/>', '<rootfile full-path="../x.opf"/>', '<rootfile/>',
  '<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>', '<rootfiles>', '</rootfiles>',
  '<dc:title>T</dc:title>', '<dc:title></dc:title>', '<dc:creator opf:role="aut">A B</dc:creator>', '<dc:language>zz-ZZ-!!</dc:language>',
  '<meta property="dcterms:modified">x</meta>', '<meta name="cover" content="nope"/>', '<dc:subject>s</dc:subject>', '<dc:identifier>x</dc:identifier>',
  '<nav epub:type="toc"><ol><li><a href="chapter-001.xhtml#x">T</a></li></ol></nav>', '<nav epub:type="landmarks">', '<a href="../../x.xhtml">',
  '<a href="chapter-001.xhtml">', '<navPoint><navLabel><text>T</text></navLabel><content src="chapter-001.xhtml"/></navPoint>',
  '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"/>',
  '<ol><li>', '<navPoint>', '<item>',
];

/** Plain-text and Markdown lines. */
const TEXT_TOKENS = [
  '*** START OF THE PROJECT GUTENBERG EBOOK X ***\n', '*** END OF THE PROJECT GUTENBERG EBOOK X ***\n', 'Title: \n', 'Author: A\n', 'Language: xx\n',
  'CHAPTER I.\n\n', 'CHAPTER\n', 'BOOK ONE\n', '# ', '## ', '###### ', '# Part One {.part}\n', '{.part}', '::: verse\n', ':::\n', '> ', '- ', '1. ',
  '[^1]', '[^1]: note\n', '[^', '![alt](images/img-1.png)', '![alt](images/img-999.png)', '![alt](../../etc/passwd)', '![', '](', '[x](javascript:alert(1))',
  '* * *\n', '***\n', '---\n', '```\n', '    ', '\t', '\\', '*', '_', '`', '<div>', '<!--', '-->', '&amp;', '&#0;', '|a|b|\n|-|-|\n',
  '\ufeff', '\u0000', '\u0001', '\u001b[31m', '\r', '\r\n', '\u2028', '\u00a0', '\ud800', '\ufffd', 'é', '\u0301', 'ﬁ', '\u200b',
  '[Illustration]', '[Illustration: x]', '_emphasis_', 'footnote [1]', '[1] note\n', '\n', 'word ', '**', '__', '[', ']', '(', ')',
];

/** PDF syntax. */
const PDF_TOKENS = [
  '<<', '>>', '[', ']', '(', ')', '<', '>', 'obj', 'endobj', 'stream\n', 'endstream', 'R', '0 0 R', '1 0 R', '99999 0 R', 'null', 'true',
  '/Type /Page', '/Type /Pages', '/Kids [1 0 R]', '/Count 999999999', '/Parent 1 0 R', '/Length 99999999', '/Filter /FlateDecode',
  '/Filter /LZWDecode', '/Filter /JBIG2Decode', '/Filter [/FlateDecode /FlateDecode]', '/DecodeParms << /Predictor 15 /Columns 999999 >>',
  '/Encrypt 1 0 R', '/Prev 0', '/Size 0', '/Root 1 0 R', '/ToUnicode 1 0 R', '/Resources 1 0 R', '/Contents [1 0 R 1 0 R]', '/MediaBox [0 0 1e30 -1]',
  'xref\n0 1\n0000000000 65535 f \n', 'trailer\n<< /Size 1 >>\n', 'startxref\n0\n', '%%EOF\n', '%PDF-1.7\n', '1 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n',
  'BT /F1 12 Tf (text) Tj ET', '(', '\\', '\u0000',
];

const PDF_NUMBERS = ['0', '-1', '1', '2', '3', '7', '255', '65535', '2147483647', '2147483648', '4294967296', '-2147483649', '1e308', '99999999999999999999', '0.5', '-0.0', 'NaN', '00000000000000000001'];
const PDF_NAMES = ['/Type', '/Pages', '/Page', '/Kids', '/Count', '/Parent', '/Length', '/Filter', '/FlateDecode', '/ASCIIHexDecode', '/LZWDecode', '/RunLengthDecode',
  '/DCTDecode', '/Font', '/Type0', '/Type3', '/CIDFontType0', '/FontFile3', '/ToUnicode', '/Encoding', '/Identity-H', '/W', '/DW', '/Contents', '/Resources',
  '/XObject', '/Form', '/Image', '/ObjStm', '/XRef', '/Catalog', '/Root', '/Info', '/Encrypt', '/Nums', '/PageLabel', '/S', '/St', '/MediaBox', '/A', '/'];

const ATTR_VALUES = ['', ' ', '#', '#missing', '../../../etc/passwd', '/etc/passwd', 'file:///etc/passwd', 'javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=',
  'http://example.com/', '-1', '0', '4294967296', '99999999999999999999', 'NaN', 'Heading1', 'Title', 'rId1', 'rId999', 'EPUB/package.opf', 'chapter-001.xhtml',
  'application/xhtml+xml', 'image/png', 'footnote', 'cover', 'toc', 'x', '&amp;&lt;', '\u0000', '%', '%zz', '?', 'a b c'];

// ---------------------------------------------------------------------------------------------------
// Arbitraries

const index = fc.nat();
/** How often a token is repeated: mostly once, sometimes a few times, now and then thousands (deep nesting, long runs). */
const repeat = fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.integer({ min: 2, max: 64 }) }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 5000 }) });
const smallRun = fc.uint8Array({ minLength: 1, maxLength: 48 });

/** Byte mutations. */
export function byteOp(): fc.Arbitrary<ByteOp> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('flip' as const), flips: fc.array(fc.record({ at: index, xor: fc.integer({ min: 1, max: 255 }) }), { minLength: 1, maxLength: 8 }) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('truncate' as const), keep: index }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('insert' as const),
        at: index,
        run: smallRun,
        repeat: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 4096 }) }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('overwrite' as const), at: index, run: smallRun }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('copy' as const), from: index, length: fc.integer({ min: 1, max: 4096 }), to: index }) },
  );
}

/** Markup mutations with a dictionary of tokens. */
function markupOp(tokens: readonly string[]): fc.Arbitrary<TextOp> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('token' as const), at: index, token: fc.constantFrom(...tokens), repeat }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('token' as const), at: index, token: fc.string({ minLength: 1, maxLength: 24, unit: 'binary' }), repeat: fc.constant(1) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete-tags' as const), at: index, count: fc.integer({ min: 1, max: 6 }) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('repeat-tags' as const), at: index, span: fc.integer({ min: 1, max: 8 }), repeat: fc.integer({ min: 2, max: 500 }) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('attr' as const), at: index, value: fc.oneof(fc.constantFrom(...ATTR_VALUES), fc.string({ maxLength: 16 })), repeat }) },
  );
}

/** Line mutations of plain text and Markdown. */
function lineOp(): fc.Arbitrary<TextOp> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('token' as const), at: index, token: fc.constantFrom(...TEXT_TOKENS), repeat }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('token' as const), at: index, token: fc.string({ minLength: 1, maxLength: 24, unit: 'binary' }), repeat: fc.constant(1) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-lines' as const), at: index, count: fc.integer({ min: 1, max: 20 }) }) },
  );
}

/** PDF syntax mutations. */
function pdfOp(): fc.Arbitrary<TextOp> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('pdf-number' as const), at: index, value: fc.oneof(fc.constantFrom(...PDF_NUMBERS), fc.integer().map(String)) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('pdf-name' as const), at: index, value: fc.constantFrom(...PDF_NAMES) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('token' as const), at: index, token: fc.constantFrom(...PDF_TOKENS), repeat }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-lines' as const), at: index, count: fc.integer({ min: 1, max: 6 }) }) },
  );
}

/** Entries of the seed archives that parsers read, listed again to be picked more often. */
const FAVOURITES: Partial<Record<InputFormat, readonly string[]>> = {
  docx: ['word/document.xml', 'word/document.xml', 'word/document.xml', 'word/_rels/document.xml.rels', 'word/styles.xml', 'word/numbering.xml',
    'word/footnotes.xml', 'word/endnotes.xml', 'docProps/core.xml', '[Content_Types].xml', '_rels/.rels', 'word/media/image1.png'],
  epub: ['META-INF/container.xml', 'EPUB/package.opf', 'EPUB/package.opf', 'EPUB/package.opf', 'EPUB/nav.xhtml', 'EPUB/chapter-001.xhtml', 'EPUB/chapter-001.xhtml',
    'EPUB/notes.xhtml', 'EPUB/chapter-003.xhtml', 'mimetype', 'EPUB/images/img-1.png'],
};

/** ZIP mutations over the entries of a seed archive. */
function zipOp(format: 'docx' | 'epub', names: readonly string[]): fc.Arbitrary<ZipOp> {
  const entry = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(FAVOURITES[format] ?? names)) }, { weight: 1, arbitrary: fc.constantFrom(...names) });
  const edit = fc.oneof({ weight: 3, arbitrary: markupOp([...(format === 'docx' ? DOCX_TOKENS : EPUB_TOKENS), ...HTML_TOKENS]) }, { weight: 1, arbitrary: byteOp() });
  const huge = fc.constantFrom(0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 128 * 1024 * 1024 + 1, 300 * 1024 * 1024);
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ op: fc.constant('edit' as const), entry, edits: fc.array(edit, { minLength: 1, maxLength: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), entry }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('rename' as const),
        entry,
        to: fc.oneof(fc.constantFrom(...names), fc.constantFrom('', '/', 'a/', 'x.xml', '../x.xml', 'C:x', 'a\\..\\b', 'a\u0000b', 'WORD/DOCUMENT.XML', 'META-INF/CONTAINER.XML', 'é.xml'), fc.string({ minLength: 1, maxLength: 12 })),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicate' as const), entry, as: fc.constantFrom('upper' as const, 'lower' as const, 'same-dir' as const) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('header' as const),
        entry,
        field: fc.constantFrom<HeaderField>('size', 'size', 'compressedSize', 'offset', 'method', 'flags', 'nameLength'),
        value: fc.oneof(huge, fc.nat({ max: 0xffff }), fc.nat().map((n) => n >>> 0)),
        where: fc.constantFrom('central' as const, 'local' as const, 'both' as const),
      }),
    },
  );
}

/** The recipes for a seed of `format` (`names`: its entries, for ZIP formats). */
export function recipeFor(format: InputFormat, names: readonly string[] = []): fc.Arbitrary<Recipe> {
  const bytes = fc.array(byteOp(), { minLength: 1, maxLength: 3 });
  switch (format) {
    case 'txt':
    case 'markdown': {
      const text = fc.array(format === 'markdown' ? fc.oneof(lineOp(), markupOp(HTML_TOKENS)) : lineOp(), { minLength: 1, maxLength: 4 });
      return fc.oneof({ weight: 2, arbitrary: fc.record({ text }) }, { weight: 1, arbitrary: fc.record({ bytes }) }, { weight: 1, arbitrary: fc.record({ text, bytes }) });
    }
    case 'html': {
      const text = fc.array(markupOp(HTML_TOKENS), { minLength: 1, maxLength: 4 });
      return fc.oneof({ weight: 3, arbitrary: fc.record({ text }) }, { weight: 1, arbitrary: fc.record({ bytes }) }, { weight: 1, arbitrary: fc.record({ text, bytes }) });
    }
    case 'pdf': {
      const text = fc.array(pdfOp(), { minLength: 1, maxLength: 3 });
      return fc.oneof({ weight: 2, arbitrary: fc.record({ text }) }, { weight: 1, arbitrary: fc.record({ bytes }) });
    }
    case 'docx':
    case 'epub': {
      const zip = fc.array(zipOp(format, names), { minLength: 1, maxLength: 3 });
      return fc.oneof({ weight: 4, arbitrary: fc.record({ zip }) }, { weight: 1, arbitrary: fc.record({ bytes }) }, { weight: 1, arbitrary: fc.record({ zip, bytes: fc.array(byteOp(), { maxLength: 1 }) }) });
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Application

/** Bytes with one byte mutation applied (never the input array itself). */
export function applyByteOp(bytes: Uint8Array, m: ByteOp): Uint8Array {
  const n = bytes.length;
  switch (m.op) {
    case 'flip': {
      const out = bytes.slice();
      if (n > 0) for (const f of m.flips) out[f.at % n] = out[f.at % n]! ^ f.xor;
      return out;
    }
    case 'truncate':
      return bytes.slice(0, n === 0 ? 0 : m.keep % n);
    case 'insert': {
      const at = m.at % (n + 1);
      const run = new Uint8Array(m.run.length * m.repeat);
      for (let i = 0; i < m.repeat; i++) run.set(m.run, i * m.run.length);
      return concat(bytes.subarray(0, at), run, bytes.subarray(at));
    }
    case 'overwrite': {
      const out = bytes.slice();
      if (n > 0) out.set(m.run.subarray(0, n - (m.at % n)), m.at % n);
      return out;
    }
    case 'copy': {
      if (n === 0) return bytes.slice();
      const from = m.from % n;
      const slice = bytes.subarray(from, Math.min(n, from + m.length));
      const to = m.to % (n + 1);
      return concat(bytes.subarray(0, to), slice, bytes.subarray(to));
    }
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Offsets of every match of `re` (global) in `text`. */
function offsets(text: string, re: RegExp): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(re)) out.push(m.index);
  return out;
}

const pick = <T>(list: readonly T[], at: number): T | undefined => (list.length === 0 ? undefined : list[at % list.length]);

/** Text with one text mutation applied; `lines` chooses line starts as the token boundaries. */
export function applyTextOp(text: string, m: TextOp, lines: boolean): string {
  switch (m.op) {
    case 'token': {
      const at = pick(lines ? [0, ...offsets(text, /\n/g).map((i) => i + 1)] : offsets(text, /</g), m.at) ?? 0;
      return text.slice(0, at) + m.token.repeat(m.repeat) + text.slice(at);
    }
    case 'delete-tags':
    case 'repeat-tags': {
      const tags = [...text.matchAll(/<[^<>]*>/g)].map((t) => ({ start: t.index, end: t.index + t[0].length }));
      if (tags.length === 0) return text;
      const first = m.at % tags.length;
      const last = Math.min(tags.length - 1, first + (m.op === 'delete-tags' ? m.count : m.span) - 1);
      const start = tags[first]!.start;
      const end = tags[last]!.end;
      if (m.op === 'delete-tags') {
        let out = text;
        for (let k = last; k >= first; k--) out = out.slice(0, tags[k]!.start) + out.slice(tags[k]!.end);
        return out;
      }
      return text.slice(0, start) + text.slice(start, end).repeat(m.repeat) + text.slice(end);
    }
    case 'attr': {
      const values = [...text.matchAll(/="([^"]*)"/g)];
      const v = pick(values, m.at);
      if (!v) return text;
      const start = v.index + 2;
      return text.slice(0, start) + m.value.replace(/"/g, '&quot;').repeat(m.repeat) + text.slice(start + v[1]!.length);
    }
    case 'pdf-number':
    case 'pdf-name': {
      const re = m.op === 'pdf-number' ? /(?<![\w./#-])-?\d+(?:\.\d+)?(?![\w.])/g : /\/[A-Za-z][\w.+-]*/g;
      const hits = [...text.matchAll(re)];
      const h = pick(hits, m.at);
      if (!h) return text;
      return text.slice(0, h.index) + m.value + text.slice(h.index + h[0].length);
    }
    case 'delete-lines': {
      const starts = [0, ...offsets(text, /\n/g).map((i) => i + 1)];
      const first = m.at % starts.length;
      const end = starts[first + m.count] ?? text.length;
      return text.slice(0, starts[first]) + text.slice(end);
    }
  }
}

/** Text of a format's bytes and back: UTF-8 for markup, Latin-1 (byte for byte) for PDF. */
function textCodec(format: InputFormat): { decode: (b: Uint8Array) => string; encode: (s: string) => Uint8Array } {
  if (format === 'pdf') return { decode: (b) => Buffer.from(b).toString('latin1'), encode: (s) => new Uint8Array(Buffer.from(s, 'latin1')) };
  return { decode: (b) => new TextDecoder().decode(b), encode: (s) => new TextEncoder().encode(s) };
}

/** Fixed ZIP timestamps, so that a recipe gives the same bytes on every run. */
const MTIME = new Date(Date.UTC(2000, 0, 1));

/** Where each entry's central and local headers lie, by name (the archive is fflate's, so well formed). */
function zipHeaders(zip: Uint8Array): Map<string, { central: number; local: number }> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.length - 22;
  while (eocd > 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const out = new Map<string, { central: number; local: number }>();
  for (let k = 0; k < count; k++) {
    const nameLen = view.getUint16(p + 28, true);
    const name = new TextDecoder().decode(zip.subarray(p + 46, p + 46 + nameLen));
    out.set(name, { central: p, local: view.getUint32(p + 42, true) });
    p += 46 + nameLen + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return out;
}

/** Byte offsets of each field in the central (`c`) and local (`l`) headers, and its width. */
const FIELDS: Record<HeaderField, { c: number; l: number; width: 2 | 4 }> = {
  size: { c: 24, l: 22, width: 4 },
  compressedSize: { c: 20, l: 18, width: 4 },
  offset: { c: 42, l: -1, width: 4 },
  method: { c: 10, l: 8, width: 2 },
  flags: { c: 8, l: 6, width: 2 },
  nameLength: { c: 28, l: 26, width: 2 },
};

/** `zip` with a header field patched; `at` are the header offsets of the archive before any patch. */
function patchHeader(zip: Uint8Array, at: { central: number; local: number } | undefined, m: Extract<ZipOp, { op: 'header' }>): Uint8Array {
  if (!at) return zip;
  // The declared size in both headers: the hostile-zips helper.
  if (m.field === 'size' && m.where === 'both') return patchDeclaredSize(zip, m.entry, m.value >>> 0);
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const f = FIELDS[m.field];
  const put = (offset: number) => (f.width === 4 ? view.setUint32(offset, m.value >>> 0, true) : view.setUint16(offset, m.value & 0xffff, true));
  if (m.where !== 'local') put(at.central + f.c);
  if (m.where !== 'central' && f.l >= 0) put(at.local + f.l);
  return out;
}

function applyZipOps(format: InputFormat, seed: Uint8Array, ops: readonly ZipOp[]): Uint8Array {
  const files: Record<string, Uint8Array> = unzipSync(seed);
  const headers: Extract<ZipOp, { op: 'header' }>[] = [];
  for (const m of ops) {
    const body = files[m.entry];
    if (m.op === 'header') headers.push(m);
    else if (body === undefined) continue;
    else if (m.op === 'edit') {
      const lines = false;
      let bytes = body;
      for (const e of m.edits) {
        if (e.op === 'flip' || e.op === 'truncate' || e.op === 'insert' || e.op === 'overwrite' || e.op === 'copy') bytes = applyByteOp(bytes, e);
        else bytes = textCodec(format).encode(applyTextOp(textCodec(format).decode(bytes), e, lines));
      }
      files[m.entry] = bytes;
    } else if (m.op === 'remove') delete files[m.entry];
    else if (m.op === 'rename') {
      delete files[m.entry];
      files[m.to] = body;
    } else {
      const slash = m.entry.lastIndexOf('/');
      const name = m.as === 'upper' ? m.entry.toUpperCase() : m.as === 'lower' ? m.entry.toLowerCase() : `${m.entry.slice(0, slash + 1)}copy-${m.entry.slice(slash + 1)}`;
      files[name === m.entry ? `${name}~` : name] = body;
    }
  }
  // `mimetype` stays first and stored, as in a real EPUB.
  const zippable: Zippable = {};
  for (const [name, body] of Object.entries(files)) zippable[name] = name === 'mimetype' ? [body, { level: 0 }] : body;
  let zip: Uint8Array = zipSync(zippable, { mtime: MTIME, level: 6 });
  const offsets = zipHeaders(zip);
  for (const h of headers) zip = patchHeader(zip, offsets.get(h.entry), h);
  return zip;
}

/** The mutant of `seed` (a file of `format`) that `recipe` describes. Deterministic. */
export function mutate(format: InputFormat, seed: Uint8Array, recipe: Recipe): Uint8Array {
  let bytes = seed;
  if (recipe.zip?.length) bytes = applyZipOps(format, bytes, recipe.zip);
  if (recipe.text?.length) {
    const codec = textCodec(format);
    let text = codec.decode(bytes);
    for (const m of recipe.text) text = applyTextOp(text, m, format === 'txt' || format === 'markdown' || format === 'pdf');
    bytes = codec.encode(text);
  }
  for (const m of recipe.bytes ?? []) bytes = applyByteOp(bytes, m);
  return bytes === seed ? seed.slice() : bytes;
}

/** Entry names of a ZIP seed (for {@link recipeFor}). */
export function entryNames(zip: Uint8Array): string[] {
  return Object.keys(unzipSync(zip));
}
