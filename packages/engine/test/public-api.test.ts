import { expect, it } from 'vitest';
import * as engine from '../src/index.ts';

// The engine's public surface is pinned: the server and the CLI use only these names.
it('exposes the public API and nothing else', () => {
  expect(Object.keys(engine).sort()).toEqual(
    [
      'EngineError',
      'PdfProcessPool',
      'allChapters',
      'applyKdpRules',
      'describeFont',
      'kdpMinimumGutterIn',
      'layoutToSettings',
      'listStyleGuides',
      'listTemplates',
      'pageSizeWithBleed',
      'settingsToLayout',
      'shippedFonts',
      'trimSizes',
      'applyAiEdits',
      'buildAiCleanupMessages',
      'cleanText',
      'compileTypstToPdf',
      'detectFormat',
      'getLayout',
      'inlineText',
      'judgeAiEdit',
      'layouts',
      'parseMarkdown',
      'planAiCleanup',
      'readBook',
      'readText',
      'reviewAiChunk',
      'serializeMarkdown',
      'writeDocx',
      'writeEpub',
      'writeHtml',
      'writePdf',
      'writeTypst',
    ].sort(),
  );
});
