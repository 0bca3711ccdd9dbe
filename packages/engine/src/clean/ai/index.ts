/**
 * The optional AI cleanup pass (issue 3, "AI cleanup, optional"), as pure functions: the server sends
 * the chunks to an OpenAI-compatible endpoint and feeds the answers back.
 *
 * planAiCleanup(markdown) -> chunks --buildAiCleanupMessages--> model --reviewAiChunk--> edits
 *   --applyAiEdits(markdown, edits)--> markdown
 *
 * Only prose paragraphs that look damaged by OCR are sent; an edit is kept only when it stays at the
 * level of characters (`judge-edit.ts`), so the model can fix `tbe` but cannot rewrite the author.
 *
 * - [x] paragraphs of prose only; headings, verse, notes, code, quotes and lists never sent
 * - [x] suspects found from the book's own vocabulary and scan marks
 * - [x] per-paragraph bounds on characters, words and spelling; markup kept
 * - [ ] paragraphs inside block quotes and list items
 */
export { boundedEditDistance } from './edit-distance.ts';
export { planAiCleanup, isProseParagraph, AI_PLAN_DEFAULTS, type AiParagraph, type AiChunk, type AiCleanupPlan, type AiPlanOptions } from './plan-chunks.ts';
export { findSuspectParagraphs } from './suspect-paragraphs.ts';
export { buildAiCleanupMessages, AI_CLEANUP_INSTRUCTIONS, type AiMessage } from './prompt.ts';
export { parseAiCleanupAnswer } from './parse-answer.ts';
export { judgeAiEdit, AI_EDIT_BOUNDS, type AiEditVerdict, type AiEditRejection } from './judge-edit.ts';
export { reviewAiChunk, type AiEdit, type AiChunkReview } from './review-chunk.ts';
export { applyAiEdits, type AiApplyResult } from './apply-edits.ts';
