/**
 * The words of the Covers tab about each cover kind (workspace spec section 2: four text templates, four AI
 * styles): names, one-line descriptions, and how a cover's artwork was made, which KDP asks at upload ("Does your
 * cover contain AI-generated images?").
 */
import { COVER_STYLES, COVER_TEMPLATES, type Cover, type CoverStyle, type CoverTemplate } from '@quire/contracts';

export type CatalogueEntry<Id extends string> = { id: Id; name: string; description: string };

const TEMPLATE_WORDS: Record<CoverTemplate, { name: string; description: string }> = {
  elegant: { name: 'Elegant', description: 'Fine serif type and thin rules on a light ground.' },
  bold: { name: 'Bold', description: 'A large, heavy title on a dark ground that reads at thumbnail size.' },
  academic: { name: 'Academic', description: 'A sober title block for theses, monographs and non-fiction.' },
  classic: { name: 'Classic', description: 'Centred serif type and ornaments, like a clothbound classic.' },
};

const STYLE_WORDS: Record<CoverStyle, { name: string; description: string }> = {
  classic: { name: 'Classic', description: 'An engraved medallion on cloth, with a framed title.' },
  modern: { name: 'Modern', description: 'A composition of bold shapes in strong colour.' },
  minimalist: { name: 'Minimalist', description: 'One quiet motif in generous empty space.' },
  vintage: { name: 'Vintage', description: 'Layered hills under a sun, in muted inks with paper grain.' },
};

/** The four text templates, in the contract's order. */
export const TEXT_TEMPLATES: readonly CatalogueEntry<CoverTemplate>[] = COVER_TEMPLATES.map((id) => ({ id, ...TEMPLATE_WORDS[id] }));

/** The four AI styles, in the contract's order. */
export const AI_STYLES: readonly CatalogueEntry<CoverStyle>[] = COVER_STYLES.map((id) => ({ id, ...STYLE_WORDS[id] }));

export function templateName(template: CoverTemplate): string {
  return TEMPLATE_WORDS[template].name;
}

export function styleName(style: CoverStyle): string {
  return STYLE_WORDS[style].name;
}

/** What a cover was made from: `Elegant template`, `Vintage style`, `Your artwork, Classic template`. */
export function coverKindLabel(cover: Pick<Cover, 'coverType' | 'template' | 'style'>): string {
  if (cover.coverType === 'ai' && cover.style) return `${styleName(cover.style)} style`;
  const template = cover.template ? `${templateName(cover.template)} template` : 'Text template';
  return cover.coverType === 'upload' ? `Your artwork, ${template}` : template;
}

/** How a cover's artwork was made, for its badge. */
export type ArtworkOrigin = { label: string; aiGenerated: boolean; explanation: string };

/**
 * The badge of a cover's artwork and the answer to KDP's question about AI-generated images. Only artwork made by
 * an AI image model counts as AI-generated; Quire's own pattern renderer is not an AI model.
 */
export function artworkOrigin(artwork: Cover['artwork']): ArtworkOrigin {
  if (artwork.aiGenerated || artwork.source === 'ai-model') {
    const by = artwork.model ? ` by ${artwork.model}` : ' by an AI image model';
    return {
      label: 'AI-generated artwork',
      aiGenerated: true,
      explanation: `The artwork was made${by}. When KDP asks whether your cover contains AI-generated images, answer Yes.`,
    };
  }
  if (artwork.source === 'generated') {
    return {
      label: 'Pattern by Quire',
      aiGenerated: false,
      explanation: 'The artwork was drawn by Quire’s own pattern renderer, not by an AI model. KDP’s question about AI-generated images: No.',
    };
  }
  if (artwork.source === 'upload') {
    return {
      label: 'Your artwork',
      aiGenerated: false,
      explanation: 'The artwork is the image you uploaded. If you made it with an AI tool, tell KDP so when it asks.',
    };
  }
  return { label: 'Text only', aiGenerated: false, explanation: 'Type and colour only, no picture. KDP’s question about AI-generated images: No.' };
}
