import { useEffect, useRef, useState } from 'react';

/**
 * The pictures of the hero, made by `scripts/make-landing-images.ts` from pages our engine typeset (Pride and
 * Prejudice in the Classic Literature template). AVIF first, in two widths; the WebP is the second image, for a
 * browser that cannot decode AVIF or a first request that failed.
 */
export const HERO_SPREAD_IMAGES = {
  primary: {
    src: '/landing/hero-spread-1120.avif',
    srcSet: '/landing/hero-spread-640.avif 640w, /landing/hero-spread-1120.avif 1120w',
  },
  fallback: { src: '/landing/hero-spread-800.webp', srcSet: undefined },
} as const;

/** Intrinsic size of the spread images (both widths share the ratio), so the page does not shift as they load. */
const SPREAD_WIDTH = 1120;
const SPREAD_HEIGHT = 866;

/** The column the spread sits in: half the 6xl container from `lg` up, the content width below. */
const SPREAD_SIZES = '(min-width: 1024px) 520px, (min-width: 600px) 560px, calc(100vw - 40px)';

const SPREAD_DESCRIPTION =
  'An open book set by Quire: pages 2 and 3 of Pride and Prejudice, Chapter I, justified and hyphenated, with running heads and folios.';

type Stage = 'primary' | 'fallback' | 'banner';

/**
 * The hero's picture (accounts spec section 2: "The hero image falls back to a second image and then to a text
 * banner if loading fails"): a spread of a real typeset book, then the same spread as WebP, then a banner that says
 * in words what the picture shows.
 */
export function HeroSpread() {
  const [stage, setStage] = useState<Stage>('primary');
  const imageRef = useRef<HTMLImageElement>(null);
  const fail = () => setStage((current) => (current === 'primary' ? 'fallback' : 'banner'));

  // The landing page is prerendered: an image that failed before the app hydrated never reaches onError, so a
  // finished load without pixels counts as a failure here.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setStage('fallback');
  }, []);

  if (stage === 'banner') return <SpreadBanner />;
  const image = HERO_SPREAD_IMAGES[stage];
  return (
    <figure className="relative mx-auto w-full max-w-[560px]">
      <div aria-hidden="true" className="absolute inset-x-6 -bottom-4 h-8 rounded-[50%] bg-ink/15 blur-xl" />
      <img
        // A new element for the second image, so the browser does not keep the first one's failed request.
        key={stage}
        ref={imageRef}
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.srcSet ? SPREAD_SIZES : undefined}
        width={SPREAD_WIDTH}
        height={SPREAD_HEIGHT}
        alt={SPREAD_DESCRIPTION}
        // The largest picture above the fold: fetched first, decoded off the main thread.
        fetchPriority="high"
        decoding="async"
        onError={fail}
        className="relative h-auto w-full rounded-md border border-line-strong/70 bg-surface shadow-lift"
      />
      <figcaption className="mt-4 text-center text-xs text-muted">
        Pride and Prejudice, set by Quire in the Classic Literature template.
      </figcaption>
    </figure>
  );
}

/** The last fallback: what the picture shows, said in type, in the spread's shape so the hero keeps its layout. */
function SpreadBanner() {
  return (
    <div
      className="mx-auto flex aspect-[1120/866] w-full max-w-[560px] flex-col items-center justify-center rounded-md border border-line-strong/70 bg-surface px-8 text-center shadow-lift"
    >
      <p className="text-xs tracking-[0.3em] text-muted uppercase">Chapter I</p>
      <p className="mt-4 font-display text-2xl text-ink italic sm:text-3xl">Set like a book from a publisher</p>
      <div aria-hidden="true" className="mx-auto mt-4 h-px w-12 bg-line-strong" />
      <p className="mt-4 max-w-sm font-display text-sm leading-relaxed text-ink-soft">
        Drop capitals, small-capital lead-ins, running heads and folios, mirrored margins for the gutter.
      </p>
    </div>
  );
}
