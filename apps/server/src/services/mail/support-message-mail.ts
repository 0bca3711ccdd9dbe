/**
 * The mail to the support address for each message of the /contact form (issue 13: "stored in a support_messages
 * table and e-mailed to SUPPORT_EMAIL"). A reply goes straight to the person who wrote (Reply-To), and the subject
 * line leads with the priority when it is high or urgent, so the team's inbox sorts itself.
 */
import { SUPPORT_SUBJECT_LABELS, type SupportPriority, type SupportSubject } from '@quire/contracts';
import { escapeHtml, htmlMail } from './mail-html.ts';
import type { MailMessage } from './transport.ts';

/** What the mail needs: the team's address and the stored message. */
export interface SupportMessageMailInput {
  to: string;
  id: string;
  name: string;
  email: string;
  subject: SupportSubject;
  priority: SupportPriority;
  message: string;
  /** The sender's account id when they were signed in. */
  userId: string | null;
}

/** The team's mail of one support message. */
export function supportMessageMail(input: SupportMessageMailInput): MailMessage {
  const topic = SUPPORT_SUBJECT_LABELS[input.subject];
  const urgent = input.priority === 'high' || input.priority === 'urgent';
  const subject = `${urgent ? `[${input.priority.toUpperCase()}] ` : ''}${topic}: message from ${input.name}`;
  const rows: [string, string][] = [
    ['From', `${input.name} <${input.email}>`],
    ['Subject', topic],
    ['Priority', input.priority],
    ['Account', input.userId ?? 'not signed in'],
    ['Message id', input.id],
  ];
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), '', input.message, ''].join('\n');
  const html = htmlMail([
    '<table cellpadding="4" style="border-collapse: collapse;">',
    ...rows.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p style="white-space: pre-wrap;">${escapeHtml(input.message)}</p>`,
  ]);
  return { to: input.to, replyTo: input.email, subject, text, html };
}
