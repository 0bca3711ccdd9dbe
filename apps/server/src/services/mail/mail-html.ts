/** Pieces shared by the mails' HTML alternatives. */

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole HTML mail around `body` (already escaped markup): one plain style that mail clients keep. */
export function htmlMail(body: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">',
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}
