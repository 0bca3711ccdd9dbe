/**
 * The optional AI cleanup pass: one chunk's answer, read and judged paragraph by paragraph.
 */
import { judgeAiEdit, type AiEditRejection } from './judge-edit.ts';
import { parseAiCleanupAnswer } from './parse-answer.ts';
import type { AiChunk } from './plan-chunks.ts';

/** An accepted correction: the block it replaces, the text it was planned on, and the new text. */
export interface AiEdit {
  /** Block index, as in {@link AiParagraph.block}. */
  block: number;
  /** The paragraph's text when it was sent; the edit is applied only if the block still reads so. */
  original: string;
  /** The corrected paragraph, one line. */
  text: string;
}

/**
 * What one answer gives.
 * - `readable`: false when the answer could not be read (see `parse-answer.ts`); then nothing else counts.
 * - `edits`: accepted corrections; `rejected`: refused ones with the rule they broke;
 *   `unchanged`: paragraphs the model left as they were.
 */
export interface AiChunkReview {
  readable: boolean;
  edits: AiEdit[];
  rejected: { block: number; reason: AiEditRejection }[];
  unchanged: number;
}

/**
 * Reads and judges the model's answer to one chunk.
 * @param chunk the chunk that was sent.
 * @param content the answer's message content.
 * @returns the review; never throws.
 */
export function reviewAiChunk(chunk: AiChunk, content: string): AiChunkReview {
  const answer = parseAiCleanupAnswer(content, chunk.paragraphs.length);
  if (!answer) return { readable: false, edits: [], rejected: [], unchanged: 0 };
  const review: AiChunkReview = { readable: true, edits: [], rejected: [], unchanged: 0 };
  chunk.paragraphs.forEach((paragraph, i) => {
    const verdict = judgeAiEdit(paragraph.text, answer[i]!);
    if (verdict.verdict === 'accepted') review.edits.push({ block: paragraph.block, original: paragraph.text, text: verdict.text });
    else if (verdict.verdict === 'rejected') review.rejected.push({ block: paragraph.block, reason: verdict.reason });
    else review.unchanged++;
  });
  return review;
}
