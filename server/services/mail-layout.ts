import { escapeHtml } from '../../core/text/escape-html';
import type { MailMessage } from '../repositories/mailer';

/** The product's short notification mail: a few paragraphs, one button, the reason it was sent. */
export function notificationMail(input: {
  to: string;
  subject: string;
  paragraphs: string[];
  label: string;
  url: string;
  footer: string;
}): MailMessage {
  const { paragraphs, label, url, footer } = input;
  const text = [...paragraphs, `${label}: ${url}`, '', '— Waveframe', footer].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f7;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Waveframe</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}
