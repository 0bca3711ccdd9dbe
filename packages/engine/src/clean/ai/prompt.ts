/**
 * The optional AI cleanup pass, step 2: the Chat Completions messages for one chunk. The paragraphs
 * travel as a JSON array so that the model's answer maps back one to one, whatever they contain.
 */
import type { AiChunk } from './plan-chunks.ts';

/** One message of an OpenAI-compatible Chat Completions request. */
export interface AiMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * The instructions. They ask for OCR fixes only; `judge-edit.ts` enforces it whatever the model does,
 * so the wording aims at few refused edits, not at safety.
 */
export const AI_CLEANUP_INSTRUCTIONS = [
  'You proofread the text of a public-domain book that was scanned and read by OCR.',
  'The user sends a JSON object {"paragraphs": [...]} with paragraphs in Markdown.',
  'Answer with only a JSON object {"paragraphs": [...]} holding exactly the same number of strings, in the same order.',
  'In each paragraph fix only characters that OCR misread: wrong letters (tbe -> the, 1 -> I, rn -> m, li -> h),',
  'stray symbols inside words, broken ligatures, a word split by a space or two words run together.',
  'Keep everything else exactly as it is: old or unusual spellings (to-day, shew, connexion), names, numbers,',
  'punctuation, capitals, Markdown marks (_ * \\ [^1]) and every word.',
  'Never rephrase, modernise, translate, complete, shorten or explain. Do not merge or split paragraphs.',
  'If a paragraph has no OCR error, return it unchanged.',
].join(' ');

/**
 * Builds the messages of one request.
 * @param chunk paragraphs chosen by `planAiCleanup`.
 * @returns a system message (the instructions) and a user message (`{"paragraphs": [...]}`).
 */
export function buildAiCleanupMessages(chunk: AiChunk): AiMessage[] {
  return [
    { role: 'system', content: AI_CLEANUP_INSTRUCTIONS },
    { role: 'user', content: JSON.stringify({ paragraphs: chunk.paragraphs.map((p) => p.text) }) },
  ];
}
