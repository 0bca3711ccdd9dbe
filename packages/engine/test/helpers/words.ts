/**
 * Word-level comparison of texts for the reader and corpus tests: the words of a text, the share of a
 * reference's words another text keeps, and the body of a raw Project Gutenberg file.
 */

/**
 * Lower-cased words (runs of letters and digits, joined across inner apostrophes and hyphens), after NFKC
 * (ligatures split) with typographic quotes folded to ASCII; punctuation and Markdown are left out.
 */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/**
 * Share (0..1) of the words of `reference` that `candidate` has too, counted as bags (a word twice in
 * the reference must be there twice).
 */
export function wordsPreserved(reference: string, candidate: string): number {
  const bag = new Map<string, number>();
  for (const w of words(candidate)) bag.set(w, (bag.get(w) ?? 0) + 1);
  const ref = words(reference);
  let kept = 0;
  for (const w of ref) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      kept++;
      bag.set(w, n - 1);
    }
  }
  return ref.length === 0 ? 1 : kept / ref.length;
}

/**
 * The body of a raw Gutenberg text as the corpus notes (SOURCES.md) define it: after the START marker
 * (which may wrap onto a second line) or after the `*END*THE SMALL PRINT` line of 1990s files, up to the
 * END marker, the `End of ... Project Gutenberg` line, or the 1990s footer line.
 */
export function gutenbergBody(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let start = 0;
  let old = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*\*{3}\s*START OF (THE|THIS) PROJECT GUTENBERG/i.test(line)) {
      start = /\*{3}\s*$/.test(line) ? i + 1 : i + 2;
      break;
    }
    if (/^\*END\*?\s*THE SMALL PRINT/i.test(line)) {
      start = i + 1;
      old = true;
      break;
    }
  }
  let end = lines.length;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    if (
      /^\s*\*{3}\s*END OF (THE|THIS) PROJECT GUTENBERG/i.test(line) ||
      /^\s*End of (the |this )?Project Gutenberg/i.test(line) ||
      (old && /^Project Gutenberg Etext/i.test(line))
    ) {
      end = i;
      break;
    }
  }
  return lines.slice(start, end).join('\n');
}
