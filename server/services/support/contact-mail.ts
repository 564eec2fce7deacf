import type { MailMessage } from '../../repositories/mailer';
import { escapeHtml } from '../../../core/text/escape-html';

// The mail a contact message becomes: to the support address, answerable with Reply.

export interface ContactMessage {
  name: string;
  email: string;
  topicLabel: string;
  message: string;
}

/** The support team's copy of a visitor's message; Reply-To is the visitor, never a copy to them. */
export function contactMail(supportEmail: string, contact: ContactMessage): MailMessage {
  const subject = `Support: ${contact.topicLabel} (from ${contact.name})`;
  const details = [`From: ${contact.name} <${contact.email}>`, `Topic: ${contact.topicLabel}`];
  const text = [
    ...details,
    '',
    contact.message,
    '',
    '— Sent with the contact form of Waveframe. Reply to answer the sender.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
${details.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join('\n')}
<div style="white-space:pre-wrap;border-left:3px solid #7c3aed;padding:8px 12px;margin:16px 0">${escapeHtml(contact.message)}</div>
<p style="font-size:12px;color:#666">Sent with the contact form of Waveframe. Reply to answer the sender.</p>
</body></html>`;
  return { to: supportEmail, subject, text, html, replyTo: contact.email };
}
