/**
 * The look shared by the modal Dialog and the AlertDialog (both Radix): the dimmed overlay, the centred panel that
 * scrolls within the viewport on phones, the title, description and footer.
 */
export const DIALOG_OVERLAY_CLASS = 'fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-fade-in';
export const DIALOG_CONTENT_CLASS = [
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto',
  'rounded-xl border border-line bg-surface p-6 shadow-lift focus:outline-none',
].join(' ');
export const DIALOG_TITLE_CLASS = 'font-display text-xl font-semibold text-ink';
export const DIALOG_DESCRIPTION_CLASS = 'text-sm leading-relaxed text-ink-soft';
export const DIALOG_FOOTER_CLASS = 'mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';
