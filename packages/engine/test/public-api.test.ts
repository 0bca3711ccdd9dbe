import { expect, it } from 'vitest';
import * as engine from '../src/index.ts';

// The engine's public surface is pinned: the server and the CLI use only these names.
it('exposes the public API and nothing else', () => {
  expect(Object.keys(engine).sort()).toEqual(
    [
      'EngineError',
      'PdfProcessPool',
      'allChapters',
      'cleanText',
      'compileTypstToPdf',
      'getLayout',
      'inlineText',
      'layouts',
      'parseMarkdown',
      'readText',
      'writeDocx',
      'writeEpub',
      'writeHtml',
      'writePdf',
      'writeTypst',
    ].sort(),
  );
});
