import { z } from 'zod';

/**
 * State of the optional AI cleanup pass of one book (issue 3, "AI cleanup, optional").
 * `available` is false when no OpenAI-compatible endpoint is configured; the UI then says so.
 * Progress counts chunks of the text; each AI edit is accepted only when it stays character-level.
 */
export const AiCleanupStatusSchema = z.object({
  available: z.boolean(),
  state: z.enum(['idle', 'running', 'done', 'failed']),
  chunksDone: z.number().int(),
  chunksTotal: z.number().int(),
  /** Paragraphs whose AI edit was accepted. */
  paragraphsChanged: z.number().int(),
  /** Paragraphs whose AI edit was refused because it rewrote more than characters. */
  paragraphsRejected: z.number().int(),
  /** A sentence for the user when `state` is 'failed' (or why the pass is unavailable). */
  message: z.string().optional(),
});
export type AiCleanupStatus = z.infer<typeof AiCleanupStatusSchema>;
