/**
 * The optional AI cleanup pass: read the model's answer back into paragraphs. Models wrap JSON in
 * Markdown code fences or add a sentence around it; both are tolerated. Anything else (another count of
 * paragraphs, a non-string item, no JSON) makes the whole answer unreadable, and the chunk is left as it was.
 */

/**
 * The paragraphs of an answer to `buildAiCleanupMessages`.
 * @param content the message content of the model's answer.
 * @param expected how many paragraphs were sent.
 * @returns the `expected` strings in order, or null when the answer cannot be read as such. Never throws.
 */
export function parseAiCleanupAnswer(content: string, expected: number): string[] | null {
  const first = content.search(/[[{]/);
  if (first < 0) return null;
  const last = Math.max(content.lastIndexOf('}'), content.lastIndexOf(']'));
  if (last <= first) return null;
  let value: unknown;
  try {
    value = JSON.parse(content.slice(first, last + 1));
  } catch {
    return null;
  }
  const list = Array.isArray(value) ? value : (value as { paragraphs?: unknown } | null)?.paragraphs;
  if (!Array.isArray(list) || list.length !== expected) return null;
  return list.every((item): item is string => typeof item === 'string') ? list : null;
}
