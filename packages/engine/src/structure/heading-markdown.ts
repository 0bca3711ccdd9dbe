/**
 * How a detected heading is written in the cleaned Markdown (see `../model/README.md`):
 * `# Title` (chapter), `# Title {.part}`, `# Preface {.front .preface}`, `# Notes {.back .notes}`,
 * `## Section` (inside a chapter). Attribute syntax as in markdown-it-attrs / pandoc header attributes.
 */
import type { DetectedHeading } from './detect-headings.ts';

/** Escapes what would change a heading's text in Markdown: a closing `#` run, a trailing `{...}`. */
export function escapeHeadingText(text: string): string {
  return text.replace(/(\s)(#+)$/, '$1\\$2').replace(/\{([^{}]*)\}$/, '\\{$1}');
}

/** One Markdown heading line for a detected heading. */
export function headingMarkdown(h: DetectedHeading): string {
  const text = escapeHeadingText(h.text);
  switch (h.level) {
    case 'part':
      return `# ${text} {.part}`;
    case 'chapter':
      return `# ${text}`;
    case 'front':
    case 'back':
      return h.sectionKind && h.sectionKind !== 'other' ? `# ${text} {.${h.level} .${h.sectionKind}}` : `# ${text} {.${h.level}}`;
    case 'sub':
      return `## ${text}`;
  }
}
