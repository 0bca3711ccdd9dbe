/**
 * The mail to the support address once an Academic Concierge payment is confirmed (issue 13: "An inquiry is also
 * stored on the server and e-mailed to the support address once paid"): the inquiry's answers, the payment and
 * how to reach the author, as plain text and a simple HTML table.
 */
import { escapeHtml } from './mail-html.ts';
import type { MailMessage } from './transport.ts';

/** The inquiry's fields in the order and words of the form (accounts spec sections 3 and 5). */
const FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['name', 'Full Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['institution', 'Institution'],
  ['degree', 'Degree'],
  ['fieldOfStudy', 'Field of Study'],
  ['thesisTitle', 'Thesis/Dissertation Title'],
  ['currentStatus', 'Current Status'],
  ['targetPublication', 'Target Publication Goal'],
  ['additionalInfo', 'Additional Information'],
];

/** What the mail needs: the support address, the inquiry (the payment's metadata), the amount in cents and the payment id. */
export interface ConciergeInquiryMailInput {
  to: string;
  inquiry: Record<string, string>;
  amountCents: number;
  paymentId: string;
}

/** The support mail of a paid concierge project. */
export function conciergeInquiryMail({ to, inquiry, amountCents, paymentId }: ConciergeInquiryMailInput): MailMessage {
  const rows = FIELDS.filter(([key]) => inquiry[key]).map(([key, label]) => [label, inquiry[key]!] as const);
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  const text = [
    `A new Academic Concierge project was paid (${amount}, payment ${paymentId}).`,
    'Contact the author within 24 hours to begin the 14-day timeline.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1f2937;">',
    `<p>A new Academic Concierge project was paid (${escapeHtml(amount)}, payment ${escapeHtml(paymentId)}).<br>Contact the author within 24 hours to begin the 14-day timeline.</p>`,
    '<table cellpadding="4" style="border-collapse: collapse;">',
    ...rows.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    '</body></html>',
  ].join('\n');
  return { to, subject: `Academic Concierge: ${inquiry.thesisTitle ?? 'new project'} (${inquiry.name ?? 'unknown author'})`, text, html };
}
