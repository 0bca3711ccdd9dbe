/**
 * What a cover is made of, as the renderers take it: a text template, the words, the palette and, optionally, the
 * front artwork. The API's cover types (`@quire/contracts` covers.ts) have the same shapes; the engine keeps its own
 * so that it depends on nothing of ours.
 */

/** The four text templates (workspace spec sections 2 and 7). */
export type CoverTemplateName = 'elegant' | 'bold' | 'academic' | 'classic';

/** The four AI styles (workspace spec sections 2 and 7). */
export type CoverStyleName = 'classic' | 'modern' | 'minimalist' | 'vintage';

/** A cover's colours, `#rrggbb`: the ground, the type, and the accent (rules, ornaments, spine band). */
export interface CoverColours {
  background: string;
  text: string;
  accent: string;
}

/** The words on a cover: title, subtitle and author on the front and spine, the blurb on the back ('' for none). */
export interface CoverWords {
  title: string;
  subtitle: string;
  author: string;
  blurb: string;
}

/**
 * The front artwork: drawn by Quire's seeded renderer (`generative-art.ts`: the same seed and style always draw the
 * same picture), or a raster image (an AI model's picture or the user's upload: PNG or JPEG bytes and pixel size).
 */
export type CoverArtworkInput =
  | { kind: 'generated'; style: CoverStyleName; seed: string }
  | { kind: 'image'; bytes: Uint8Array; mediaType: 'image/jpeg' | 'image/png'; widthPx: number; heightPx: number };

/** Everything the renderers need to draw a cover. `genre` (spec genre values) tunes the ornaments. */
export interface CoverDesign {
  template: CoverTemplateName;
  text: CoverWords;
  palette: CoverColours;
  genre?: string;
  artwork?: CoverArtworkInput;
}
