/**
 * The AI cover styles' image model: an OpenAI-compatible Images endpoint (`POST {baseUrl}/images/generations`,
 * OpenAI API reference "Create image"), called through the `openai` package with no retries and a time limit.
 * The model paints the front artwork only: the cover's words are set by Quire (issue: "the text is set by us,
 * never by the model"), so the prompt asks for no lettering.
 */
import OpenAI from 'openai';
import { sniffImageType } from '@quire/engine';
import type { CoverStyle } from '@quire/contracts';
import { AppError } from '../../errors.ts';

/** The configured image endpoint (config.ts `images`). */
export interface ImageModelSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  /** Time limit of one request, milliseconds (default 120 000). */
  requestTimeoutMs?: number;
}

/** A picture the model painted: PNG or JPEG bytes. */
export interface ModelPicture {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg';
}

/** Paints a picture for `prompt`; throws AppError `UPSTREAM_FAILED` (502) or `UPSTREAM_TIMEOUT` (504) with a sentence for the user. */
export type PaintPicture = (prompt: string, signal?: AbortSignal) => Promise<ModelPicture>;

/** What a style asks of the painter: the look, never words. */
const STYLE_BRIEFS: Readonly<Record<CoverStyle, string>> = {
  classic: 'a timeless painted illustration in the manner of a classic clothbound edition, rich but restrained colours',
  modern: 'a bold contemporary graphic composition with strong shapes and confident colour',
  minimalist: 'a minimalist composition: one simple motif, generous empty space, two or three colours',
  vintage: 'a vintage print look: muted inks, paper grain, mid-century poster or engraving feel',
};

/**
 * The prompt for a book's front artwork: the style's brief, what the book is (title, genre, a little of its
 * description) and the constraints of a cover (portrait, room at the top and bottom for type, no text). At most
 * about 1,000 characters: image models read short prompts best.
 */
export function coverArtworkPrompt(book: { title: string; genre: string | null; description: string | undefined }, style: CoverStyle): string {
  const about = (book.description ?? '').replace(/\s+/g, ' ').trim().slice(0, 400);
  return [
    `Front cover artwork for the book "${book.title.slice(0, 200)}"${book.genre ? ` (${book.genre})` : ''}.`,
    about ? `The book: ${about}` : '',
    `Style: ${STYLE_BRIEFS[style]}.`,
    'Portrait format. Leave calm areas at the top third and the bottom fifth where the title and author will be set.',
    'No text, no letters, no words, no logos, no signatures, no borders.',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The size and answer format a model takes (OpenAI API reference, "Create image"): the GPT image models always
 * answer base64 and refuse `response_format`; DALL-E 3 paints 1024 x 1792 portraits, DALL-E 2 squares only, and both
 * answer a URL unless asked for base64. Other (compatible) models get a portrait size and are asked for base64.
 */
function imageOptions(model: string): { size: '1024x1536' | '1024x1792' | '1024x1024'; response_format?: 'b64_json' } {
  if (model.startsWith('dall-e-3')) return { size: '1024x1792', response_format: 'b64_json' };
  if (model.startsWith('dall-e-2')) return { size: '1024x1024', response_format: 'b64_json' };
  if (model.startsWith('gpt-image')) return { size: '1024x1536' };
  return { size: '1024x1536', response_format: 'b64_json' };
}

/** A sentence for the user about a failed request (never the service's own error text, which may hold secrets). */
function failure(err: unknown): AppError {
  if (err instanceof OpenAI.APIConnectionTimeoutError || (err instanceof Error && err.name === 'AbortError')) {
    return new AppError('UPSTREAM_TIMEOUT', 'The image model did not answer in time. Try again, or choose a text template.');
  }
  if (err instanceof OpenAI.APIConnectionError) return new AppError('UPSTREAM_FAILED', 'The image model could not be reached.');
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    return new AppError('UPSTREAM_FAILED', `The image model answered with an error (HTTP ${err.status}).`);
  }
  return new AppError('UPSTREAM_FAILED', 'The image model gave no usable picture.');
}

/**
 * The painter of a configured endpoint: asks for one portrait picture as base64 (`b64_json`; a URL answer is not
 * fetched, since following a URL the service names would let it point the server anywhere) and accepts only PNG
 * or JPEG bytes.
 */
export function openAiPainter(settings: ImageModelSettings): PaintPicture {
  const client = new OpenAI({
    // A local OpenAI-compatible server may need no key; the client requires a string.
    apiKey: settings.apiKey ?? 'not-needed',
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    maxRetries: 0,
    timeout: settings.requestTimeoutMs ?? 120_000,
  });
  return async (prompt, signal) => {
    let b64: string | undefined;
    try {
      const res = await client.images.generate({ model: settings.model, prompt, n: 1, ...imageOptions(settings.model) }, { signal });
      b64 = res.data?.[0]?.b64_json;
    } catch (err) {
      throw failure(err);
    }
    if (!b64) throw failure(undefined);
    const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
    const type = sniffImageType(bytes);
    if (type !== 'image/png' && type !== 'image/jpeg') throw failure(undefined);
    return { bytes, mediaType: type };
  };
}
