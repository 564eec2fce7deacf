import { escapeHtml } from '../../../core/text/escape-html';
import type { MailMessage } from '../../repositories/mailer';

// Every account mail: the product's name, a plain-text and an HTML part, and nothing secret
// beyond the one code or link it exists to deliver.

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '',
    '— Waveframe',
    'If you did not ask for this, you can ignore this e-mail.',
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f7;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Waveframe</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ''}
<p style="font-size:12px;color:#666">If you did not ask for this, you can ignore this e-mail.</p>
</div></body></html>`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, code: string, url: string) =>
  layout(
    to,
    `Your Waveframe verification code: ${code}`,
    [
      `Welcome to Waveframe! Your verification code is ${code}.`,
      'Enter it on the sign-up page, or verify with the button below. The code works for 24 hours.',
    ],
    { label: 'Verify my e-mail', url },
  );

export const passwordResetMail = (to: string, url: string) =>
  layout(
    to,
    'Reset your Waveframe password',
    [
      'Someone asked to reset the password of your Waveframe account. The link works once, for one hour.',
    ],
    { label: 'Choose a new password', url },
  );

export const emailChangeMail = (to: string, url: string) =>
  layout(
    to,
    'Confirm your new Waveframe e-mail address',
    [
      'Confirm that this is the new e-mail address of your Waveframe account. Nothing changes until you do. The link works once, for 24 hours.',
    ],
    { label: 'Confirm this address', url },
  );

export const accountDeletionMail = (to: string, code: string) =>
  layout(to, 'Confirm deleting your Waveframe account', [
    `Your account deletion code is ${code}.`,
    'Entering it deletes your account, your media and your videos for good. The code works for one hour.',
  ]);
