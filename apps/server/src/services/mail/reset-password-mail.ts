/**
 * The password reset mail (accounts spec sections 2 and 9; issue 12): plain text and a simple HTML alternative,
 * both carrying the one link `${publicUrl}/reset-password?token=<token>` and how long it works.
 */
import { escapeHtml } from './mail-html.ts';
import type { MailMessage } from './transport.ts';

/** The product's name as mails show it. */
const PRODUCT_NAME = 'Quire';

/** What the reset mail needs. */
export interface ResetPasswordMailInput {
  /** Recipient address. */
  to: string;
  /** The site's address without a trailing slash (config `publicUrl`), e.g. `https://quire.example.com`. */
  publicUrl: string;
  /** The reset token in clear (base64url); only its hash is stored. */
  token: string;
  /** How long the link works, in minutes (contracts RESET_LINK_VALID_MINUTES). */
  validMinutes: number;
}

/** The link a reset mail carries. */
export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** "1 hour", "90 minutes": the validity as people say it. */
function duration(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The reset mail for `input`: subject, text and HTML. */
export function resetPasswordMail({ to, publicUrl, token, validMinutes }: ResetPasswordMailInput): MailMessage {
  const link = resetPasswordLink(publicUrl, token);
  const valid = duration(validMinutes);
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and for ${valid}.`,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    '',
    `- ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  const href = escapeHtml(link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">',
    '<p>Hello,</p>',
    `<p>Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:</p>`,
    `<p><a href="${href}">Reset your password</a></p>`,
    `<p>Or copy this address into your browser:<br>${href}</p>`,
    `<p>The link works once and for ${valid}.</p>`,
    '<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>',
    `<p>- ${PRODUCT_NAME}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html };
}
