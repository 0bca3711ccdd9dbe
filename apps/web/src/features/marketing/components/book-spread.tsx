/**
 * The hero's picture, drawn in type: an open 6 x 9 spread set the way Quire sets a book
 * (chapter opening, drop cap, running head, folios). Decorative; the hero text says the same in words.
 */
const LEFT_PAGE = [
  'Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve, and caprice, that the experience of three-and-twenty years had been insufficient to make his wife understand his character.',
  'Her mind was less difficult to develop. She was a woman of mean understanding, little information, and uncertain temper. When she was discontented, she fancied herself nervous.',
  'The business of her life was to get her daughters married; its solace was visiting and news.',
  '“I do not know what you mean,” said Mrs. Bennet, who was never quite sure whether her husband was in earnest, and who had long since given up the attempt to find out.',
];

const RIGHT_PAGE_REST = [
  'It was then disclosed in the following manner. Observing his second daughter employed in trimming a hat, he suddenly addressed her with, “I hope Mr. Bingley will like it, Lizzy.”',
  '“We are not in a way to know what Mr. Bingley likes,” said her mother resentfully, “since we are not to visit.”',
];

export function BookSpread() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[560px] select-none">
      <div className="absolute inset-x-6 -bottom-4 h-8 rounded-[50%] bg-ink/15 blur-xl" />
      <div className="relative grid grid-cols-1 overflow-hidden rounded-md border border-line-strong/70 bg-surface shadow-lift sm:grid-cols-2">
        {/* Left page: the end of the previous chapter (hidden on phones). */}
        <div className="relative hidden aspect-[2/3] flex-col border-r border-line px-[9%] pt-[8%] pb-[7%] sm:flex">
          <div className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-ink/[0.06] to-transparent" />
          <p className="text-center font-display text-[0.5rem] tracking-[0.3em] text-muted uppercase">Pride and Prejudice</p>
          <div className="mt-[10%] flex-1 overflow-hidden font-display text-[0.62rem] leading-[1.5] text-ink-soft [hyphens:auto] [text-align:justify]">
            {LEFT_PAGE.map((text, i) => (
              <p key={i} className={i === 0 ? '' : 'indent-[1.5em]'}>
                {text}
              </p>
            ))}
          </div>
          <p className="pt-2 text-center font-display text-[0.55rem] text-muted">4</p>
        </div>
        {/* Right page: a chapter opening. */}
        <div className="relative flex aspect-[2/3] flex-col px-[9%] pt-[8%] pb-[7%]">
          <div className="pointer-events-none absolute inset-y-0 left-0 hidden w-8 bg-gradient-to-r from-ink/[0.07] to-transparent sm:block" />
          <p className="text-center font-display text-[0.55rem] tracking-[0.3em] text-muted uppercase sm:text-[0.5rem]">
            Chapter II
          </p>
          <p className="mt-[12%] text-center font-display text-[1.05rem] text-ink italic sm:text-[0.95rem]">The Visit</p>
          <div className="mx-auto mt-[5%] mb-[8%] h-px w-10 bg-line-strong" />
          <div className="flex-1 overflow-hidden font-display text-[0.72rem] leading-[1.5] text-ink-soft [hyphens:auto] [text-align:justify] sm:text-[0.62rem]">
            <p>
              <span className="float-left mt-[0.08em] mr-[0.08em] font-display text-[2.9em] leading-[0.8] font-semibold text-accent">
                M
              </span>
              r. Bennet was among the earliest of those who waited on Mr. Bingley. He had always intended to visit him,
              though to the last always assuring his wife that he should not go; and till the evening after the visit was
              paid she had no knowledge of it.
            </p>
            {RIGHT_PAGE_REST.map((text, i) => (
              <p key={i} className="indent-[1.5em]">
                {text}
              </p>
            ))}
            {/* The single page on phones is larger: one more paragraph fills it. */}
            <p className="indent-[1.5em] sm:hidden">
              “But you forget, mamma,” said Elizabeth, “that we shall meet him at the assemblies, and that Mrs. Long has
              promised to introduce him.”
            </p>
          </div>
          <p className="pt-2 text-center font-display text-[0.55rem] text-muted">5</p>
        </div>
      </div>
    </div>
  );
}
