/** How a link was shared: the device's share sheet, the clipboard, or not at all (the person cancelled, or neither works). */
export type ShareOutcome = 'shared' | 'copied' | 'failed';

/**
 * Shares `url` with the device's share function when there is one; otherwise copies it to the clipboard.
 * A cancelled share sheet is 'failed' without copying (the person chose not to share).
 */
export async function shareLink({ title, url }: { title: string; url: string }, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, url });
      return 'shared';
    } catch {
      return 'failed';
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
