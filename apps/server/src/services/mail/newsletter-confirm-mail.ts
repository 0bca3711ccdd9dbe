/**
 * The newsletter's confirmation mail (issue 13: double opt-in): the link that confirms the subscription, and the
 * unsubscribe link every newsletter mail carries.
 */
import { escapeHtml, htmlMail } from './mail-html.ts';
import type { MailMessage } from './transport.ts';

/** What the mail needs. Tokens are in clear here only; the confirmation token is stored hashed. */
export interface NewsletterConfirmMailInput {
  to: string;
  /** The site's address without a trailing slash (config `publicUrl`). */
  publicUrl: string;
  confirmToken: string;
  unsubscribeToken: string;
  /** How long the confirmation link works, in hours. */
  validHours: number;
}

/** `${publicUrl}/newsletter?confirm=<token>`: the page that confirms the subscription. */
export function newsletterConfirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter?confirm=${encodeURIComponent(token)}`;
}

/** `${publicUrl}/newsletter?unsubscribe=<token>`: the page that takes the address off the list. */
export function newsletterUnsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter?unsubscribe=${encodeURIComponent(token)}`;
}

/** The confirmation mail for `input`. */
export function newsletterConfirmMail({ to, publicUrl, confirmToken, unsubscribeToken, validHours }: NewsletterConfirmMailInput): MailMessage {
  const confirm = newsletterConfirmLink(publicUrl, confirmToken);
  const unsubscribe = newsletterUnsubscribeLink(publicUrl, unsubscribeToken);
  const days = validHours % 24 === 0 ? `${validHours / 24} days` : `${validHours} hours`;
  const text = [
    'Hello,',
    '',
    'Please confirm that you want the Quire newsletter: guides to formatting books, theses and e-books, about once a month.',
    '',
    confirm,
    '',
    `The link works for ${days}. If you did not ask for this, ignore this e-mail and you will hear nothing more from us.`,
    '',
    `To take this address off the list at any time: ${unsubscribe}`,
    '',
    '- Quire',
    '',
  ].join('\n');
  const html = htmlMail([
    '<p>Hello,</p>',
    '<p>Please confirm that you want the Quire newsletter: guides to formatting books, theses and e-books, about once a month.</p>',
    `<p><a href="${escapeHtml(confirm)}">Confirm my subscription</a></p>`,
    `<p>The link works for ${days}. If you did not ask for this, ignore this e-mail and you will hear nothing more from us.</p>`,
    `<p style="font-size: 12px; color: #6b7280;"><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    '<p>- Quire</p>',
  ]);
  return { to, subject: 'Confirm your Quire newsletter subscription', text, html };
}
